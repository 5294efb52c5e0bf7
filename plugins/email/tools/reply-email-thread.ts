import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messagePayload, threadPayload } from '../services/payloads.js';
import { accountIdArg, outboundArgs, threadIdArg } from './args.js';
import { MessageOutput, ThreadOutput } from './outputs.js';

export const replyEmailThread = defineTool({
  name: 'reply_email_thread',
  title: 'Reply to email thread',
  description:
    'Replies in a thread from its account: to the sender of the latest mail (and, with reply_all — the default — everyone else on it), subject "Re: …", with In-Reply-To and References so the customer’s mail client keeps it in the conversation; the signature is added. to replaces the recipients; scheduled_at sends later.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    thread_id: threadIdArg,
    ...outboundArgs,
    reply_all: Type.Optional(Type.Boolean({ default: true })),
    account_id: Type.Optional(accountIdArg),
  }),
  output: Type.Object({ message: MessageOutput, thread: ThreadOutput }),
  handler: async ({ thread_id, ...fields }, { services }) => {
    const { message, thread } = await services.emailComposeService.reply(thread_id, fields);
    return { message: messagePayload(message, true), thread: threadPayload(thread) };
  },
});
