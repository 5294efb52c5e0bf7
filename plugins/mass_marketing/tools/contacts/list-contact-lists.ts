import { PagingArgs, Type, pageOutput } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { ListOutput } from '../outputs.js';

export const listContactLists = defineTool({
  name: 'list_contact_lists',
  title: 'List contact lists',
  description: 'Contact lists, newest first, with member counts; query matches part of the name.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), ...PagingArgs }),
  output: pageOutput('lists', ListOutput),
  handler: async ({ query, limit, offset }, { services }) =>
    services.marketingContactListsService.list(query, { limit: limit!, offset: offset! }),
});
