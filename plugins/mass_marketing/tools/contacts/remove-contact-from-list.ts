import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { listIdArg, phoneArg } from '../args.js';
import { ListOutput } from '../outputs.js';

export const removeContactFromList = defineTool({
  name: 'remove_contact_from_list',
  title: 'Remove contact from list',
  description: 'Removes one phone from a list.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ list_id: listIdArg(), phone: phoneArg() }),
  output: Type.Object({ removed: Type.Literal(true), phone: Type.String(), list: ListOutput }),
  handler: async ({ list_id, phone }, { services }) =>
    services.marketingContactListsService.removeMember(list_id, phone),
});
