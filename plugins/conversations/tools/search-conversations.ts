import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const searchConversations = defineTool({
  name: 'search_conversations',
  title: 'Search conversations',
  description:
    'Conversations with a message containing the query (any case), or whose phone contains the digits of the query (3 or more digits). Newest activity first.',
  kind: 'query',
  input: Type.Object({
    query: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Text to find in messages, or digits of a phone number.',
    }),
    ...PagingArgs,
  }),
  handler: async ({ query, limit, offset }, { services }) =>
    services.conversationsService.search(query, { limit: limit!, offset: offset! }),
});
