import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ConversationOutput } from './outputs.js';

export const getRecentConversations = defineTool({
  name: 'get_recent_conversations',
  title: 'Get recent conversations',
  description:
    "The most recently active conversations with unread count, last message preview, assigned agent and the customer's name and tags.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'How many conversations.' }),
    ),
  }),
  output: Type.Object({
    conversations: Type.Array(ConversationOutput),
    count: Type.Integer(),
    limit: Type.Integer(),
    has_more: Type.Boolean(),
  }),
  handler: async ({ limit }, { services }) => services.conversationsService.recent(limit!),
});
