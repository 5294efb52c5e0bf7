import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { ListOutput } from '../outputs.js';

export const createContactList = defineTool({
  name: 'create_contact_list',
  title: 'Create contact list',
  description:
    'Creates an empty contact list for campaigns (names unique in the shop). Add members with add_contacts_to_list or the import tools.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    name: Type.String({ minLength: 1, maxLength: 100, description: 'The list name, unique in the shop.' }),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
  }),
  output: Type.Object({ list: ListOutput }),
  handler: async ({ name, description }, { services }) =>
    services.marketingContactListsService.create(name, description),
});
