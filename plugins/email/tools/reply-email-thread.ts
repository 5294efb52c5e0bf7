import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messagePayload, threadPayload } from '../services/payloads.js';
import { accountIdArg, outboundArgs, threadIdArg } from './args.js';
import { MessageOutput, ThreadOutput } from './outputs.js';

export const replyEmailThread = defineTool({
  name: 'reply_email_thread',
  title: 'Reply to email thread',
  description:
    "Replies in a thread from its account to the latest sender (everyone with reply_all), threaded for the customer's mail client, with the signature. to replaces the recipients; scheduled_at sends later.",
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
