import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sessionIdArg } from './args.js';
import { ConversationOutput } from './outputs.js';
import { MessageOutput } from '../../whatsapp_ops/surface.js';

export const getConversationMessages = defineTool({
  name: 'get_conversation_messages',
  title: 'Get conversation messages',
  description:
    "The messages of the customer's conversation (one line, or all lines without session_id), newest first, with delivery status.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: phoneArg,
    session_id: Type.Optional(sessionIdArg('The session (line) of the conversation; default: every session.')),
    ...PagingArgs,
  }),
  output: pageOutput('messages', MessageOutput, {
    phone: Type.String(),
    conversations: Type.Array(ConversationOutput),
  }),
  handler: async ({ phone, session_id, limit, offset }, { services }) =>
    services.conversationsService.messages(phone, session_id, { limit: limit!, offset: offset! }),
});
