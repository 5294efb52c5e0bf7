import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sessionIdArg } from './args.js';
import { AddressedFields } from './outputs.js';

export const markConversationRead = defineTool({
  name: 'mark_conversation_read',
  title: 'Mark conversation read',
  description:
    "Marks the customer's conversation (one line, or all lines without session_id) read: unread count 0, read_at now.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: phoneArg,
    session_id: Type.Optional(sessionIdArg('The session (line) of the conversation; default: every session.')),
  }),
  output: Type.Object(AddressedFields),
  handler: async ({ phone, session_id }, { services }) => services.conversationsService.markRead(phone, session_id),
});
