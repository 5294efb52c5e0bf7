import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { dateTimeArg, directionArg, messageStatusArg, phoneArg, sessionIdArg } from './args.js';
import { MessageOutput } from './outputs.js';

export const listChatappMessages = defineTool({
  name: 'list_chatapp_messages',
  title: 'List messaging messages',
  description:
    'The message log, newest first, filtered by customer phone, session, direction, status and a created_at range (ISO 8601, inclusive).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: Type.Optional(phoneArg('Only messages with this customer.')),
    session_id: Type.Optional(sessionIdArg('Only messages of this session.')),
    direction: Type.Optional(directionArg('inbound or outbound.')),
    status: Type.Optional(messageStatusArg('sending, sent, delivered, read, failed (outbound) or received (inbound).')),
    date_from: Type.Optional(dateTimeArg('From this instant, e.g. 2030-05-01T00:00:00Z.')),
    date_to: Type.Optional(dateTimeArg('Up to this instant.')),
    ...PagingArgs,
  }),
  output: pageOutput('messages', MessageOutput),
  handler: async ({ phone, session_id, direction, status, date_from, date_to, limit, offset }, { services }) =>
    services.chatappMessagesService.list({
      phone,
      sessionId: session_id,
      direction,
      status,
      from: date_from ? new Date(date_from) : undefined,
      to: date_to ? new Date(date_to) : undefined,
      limit: limit!,
      offset: offset!,
    }),
});
