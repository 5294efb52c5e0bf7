import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';
import { ConversationOutput } from './outputs.js';

export const listConversations = defineTool({
  name: 'list_conversations',
  title: 'List conversations',
  description: 'Conversations, newest activity first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    unread_only: Type.Optional(
      Type.Boolean({ default: false, description: 'Only conversations with unread customer messages.' }),
    ),
    assigned_agent_id: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Agent id; 0 lists unassigned conversations.' }),
    ),
    session_id: Type.Optional(sessionIdArg('Only conversations on this session (line).')),
    ...PagingArgs,
  }),
  output: pageOutput('conversations', ConversationOutput),
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.conversationsService.list(filters, { limit: limit!, offset: offset! }),
});
