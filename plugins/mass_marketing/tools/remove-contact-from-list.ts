import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { listIdArg, phoneArg } from './args.js';

export const removeContactFromList = defineTool({
  name: 'remove_contact_from_list',
  title: 'Remove contact from list',
  description: 'Removes one phone from a list (not_found when it is not a member).',
  kind: 'mutation',
  destructive: true,
  input: Type.Object({ list_id: listIdArg(), phone: phoneArg() }),
  handler: async ({ list_id, phone }, { services }) =>
    services.marketingContactListsService.removeMember(list_id, phone),
});
