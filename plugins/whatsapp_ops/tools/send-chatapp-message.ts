import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messageTextArg, phoneArg, sessionIdArg } from './args.js';
import { ChannelLabelFields, MessageOutput } from './outputs.js';

export const sendChatappMessage = defineTool({
  name: 'send_chatapp_message',
  title: 'Send messaging message',
  description:
    'Sends a text to a customer now, as a person would (reaches opted-out numbers too). Costs 500 credits. Default session: the general-role number that last talked to this customer, else the first connected. For later sending use schedule_chatapp_message.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    phone: phoneArg(),
    message: messageTextArg(),
    session_id: Type.Optional(sessionIdArg('The session (number) to send from.')),
  }),
  output: Type.Object({
    message: MessageOutput,
    recipient_opted_out: Type.Boolean({
      description: 'A person may write to an opted-out number; this says it was one.',
    }),
    ...ChannelLabelFields,
  }),
  handler: async ({ phone, message, session_id }, { services }) =>
    services.chatappMessagingService.sendManual(phone, message, session_id),
});
