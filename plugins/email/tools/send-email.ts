import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messagePayload, threadPayload } from '../services/payloads.js';
import { accountIdArg, outboundArgs, recipientsArg } from './args.js';
import { MessageOutput, ThreadOutput } from './outputs.js';

export const sendEmail = defineTool({
  name: 'send_email',
  title: 'Send email',
  description:
    "Sends a new mail from an account in a new thread, now or at scheduled_at, with the account's signature. Retried for 24 hours when the server is unreachable. At most 50 recipients. To answer a thread use reply_email_thread.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    account_id: accountIdArg,
    ...outboundArgs,
    to: recipientsArg,
    subject: Type.String({ minLength: 1, maxLength: 998 }),
  }),
  output: Type.Object({ message: MessageOutput, thread: ThreadOutput }),
  handler: async ({ account_id, ...fields }, { services }) => {
    const { message, thread } = await services.emailComposeService.send(account_id, fields);
    return { message: messagePayload(message, true), thread: threadPayload(thread) };
  },
});
