import { PagingArgs, RangeBoundArg, Type, pageOutput, parseShopDay } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { directionArg, messageStatusArg, phoneArg, sessionIdArg } from './args.js';
import { MessageOutput } from './outputs.js';

export const listChatappMessages = defineTool({
  name: 'list_chatapp_messages',
  title: 'List messaging messages',
  description: 'The message log, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    phone: Type.Optional(phoneArg('Only messages with this customer.')),
    session_id: Type.Optional(sessionIdArg('Only messages of this session.')),
    direction: Type.Optional(directionArg()),
    status: Type.Optional(messageStatusArg('received is inbound; the others outbound.')),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('messages', MessageOutput),
  handler: async ({ phone, session_id, direction, status, date_from, date_to, limit, offset }, { services, shop }) =>
    services.chatappMessagesService.list({
      phone,
      sessionId: session_id,
      direction,
      status,
      from: date_from ? parseShopDay(date_from, shop.timezone, 'date_from', 'start') : undefined,
      to: date_to ? parseShopDay(date_to, shop.timezone, 'date_to', 'end') : undefined,
      limit: limit!,
      offset: offset!,
    }),
});
