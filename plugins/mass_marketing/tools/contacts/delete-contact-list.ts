import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { listIdArg } from '../args.js';

export const deleteContactList = defineTool({
  name: 'delete_contact_list',
  title: 'Delete contact list',
  description:
    'Deletes a contact list with its members and imports. Blacklist, unsubscribes and other lists are untouched.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ list_id: listIdArg() }),
  output: Type.Object({
    deleted: Type.Literal(true),
    id: Type.Integer(),
    name: Type.String(),
    members_removed: Type.Integer(),
  }),
  handler: async ({ list_id }, { services }) => services.marketingContactListsService.delete(list_id),
});
