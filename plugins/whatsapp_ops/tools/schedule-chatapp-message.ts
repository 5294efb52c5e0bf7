import { DateTimeArg, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messageTextArg, phoneArg, sessionIdArg } from './args.js';
import { ScheduledOutput } from './outputs.js';

export const scheduleChatappMessage = defineTool({
  name: 'schedule_chatapp_message',
  title: 'Schedule messaging message',
  description:
    'Schedules a text to a customer, sent once when due as an automatic message (not to opted-out numbers). Costs 500 credits when sent.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    phone: phoneArg(),
    message: messageTextArg(),
    send_at: DateTimeArg('When to send, within a year.'),
    session_id: Type.Optional(sessionIdArg('The session (number) to send from; default chosen when sending.')),
  }),
  output: Type.Object({ scheduled_message: ScheduledOutput }),
  handler: async ({ phone, message, send_at, session_id }, { services }) =>
    services.chatappScheduledMessagesService.schedule({ phone, message, sendAt: send_at, sessionId: session_id }),
});
