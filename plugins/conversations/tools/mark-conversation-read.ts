import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ADDRESSING, phoneArg, sessionIdArg } from './args.js';

export const markConversationRead = defineTool({
  name: 'mark_conversation_read',
  title: 'Mark conversation read',
  description: `Marks a conversation read: its unread count becomes 0 and read_at now. ${ADDRESSING}`,
  kind: 'mutation',
  idempotent: true,
  input: Type.Object({
    phone: phoneArg,
    session_id: Type.Optional(sessionIdArg('The session (line) of the conversation; default: every session.')),
  }),
  handler: async ({ phone, session_id }, { services }) => services.conversationsService.markRead(phone, session_id),
});
