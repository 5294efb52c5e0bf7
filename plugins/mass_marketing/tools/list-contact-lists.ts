import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listContactLists = defineTool({
  name: 'list_contact_lists',
  title: 'List contact lists',
  description:
    "The shop's contact lists, newest first, with their member counts; query matches part of the name (without case).",
  kind: 'query',
  input: Type.Object({ query: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })), ...PagingArgs }),
  handler: async ({ query, limit, offset }, { services }) =>
    services.marketingContactListsService.list(query, { limit: limit!, offset: offset! }),
});
