import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { CONTACTS_PER_CALL, listIdArg, phonesArg } from '../args.js';
import { InvalidPhoneOutput, ListOutput } from '../outputs.js';

export const removeContactsBulk = defineTool({
  name: 'remove_contacts_bulk',
  title: 'Remove contacts in bulk',
  description: 'Removes the given phones from a list; non-members and invalid phones are listed.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ list_id: listIdArg(), phones: phonesArg(CONTACTS_PER_CALL) }),
  output: Type.Object({
    removed_count: Type.Integer(),
    removed: Type.Array(Type.String()),
    not_in_list: Type.Array(Type.String()),
    invalid: Type.Array(InvalidPhoneOutput),
    list: ListOutput,
  }),
  handler: async ({ list_id, phones }, { services }) =>
    services.marketingContactListsService.removeBulk(list_id, phones),
});
