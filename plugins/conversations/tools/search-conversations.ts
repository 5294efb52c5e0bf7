import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ConversationOutput } from './outputs.js';

export const searchConversations = defineTool({
  name: 'search_conversations',
  title: 'Search conversations',
  description:
    'Conversations with a message containing the query, or whose phone contains its digits (3+). Newest activity first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    query: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'Text to find in messages, or digits of a phone number.',
    }),
    ...PagingArgs,
  }),
  output: pageOutput('conversations', ConversationOutput),
  handler: async ({ query, limit, offset }, { services }) =>
    services.conversationsService.search(query, { limit: limit!, offset: offset! }),
});
