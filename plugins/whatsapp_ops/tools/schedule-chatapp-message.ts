import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messageTextArg, phoneArg, sessionIdArg } from './args.js';
import { ScheduledOutput } from './outputs.js';

export const scheduleChatappMessage = defineTool({
  name: 'schedule_chatapp_message',
  title: 'Schedule messaging message',
  description:
    "Schedules a text message to a customer. send_at is ISO 8601: with Z or an offset it is exact; without (2030-05-01T09:30) it is the shop's local time. " +
    'Sent once when due (also after a restart), as an automatic message: an opted-out number does not get it. Costs 500 credits when sent.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    phone: phoneArg(),
    message: messageTextArg('The text, up to 4096 characters.'),
    send_at: Type.String({ minLength: 16, maxLength: 40, description: 'When to send, ISO 8601, within a year.' }),
    session_id: Type.Optional(sessionIdArg('The session (number) to send from; default chosen when sending.')),
  }),
  output: Type.Object({ scheduled_message: ScheduledOutput }),
  handler: async ({ phone, message, send_at, session_id }, { services }) =>
    services.chatappScheduledMessagesService.schedule({ phone, message, sendAt: send_at, sessionId: session_id }),
});
