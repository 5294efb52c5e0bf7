import { Nullable, Type } from '../../../core/index.js';
import { CATEGORIES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { PRIORITIES } from '../services/classification/rules.js';
import { threadIdArg } from './args.js';

export const classifyEmailThread = defineTool({
  name: 'classify_email_thread',
  title: 'Classify email thread',
  description:
    "Sets a thread's category, intent and priority from its latest inbound mail, by the AI when the account enables it and a model is configured, else by built-in rules (classified_by and fallback_reason say which and why). New threads are classified in the background.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ thread_id: threadIdArg }),
  output: Type.Object({
    thread_id: Type.Integer(),
    category: Type.Enum([...CATEGORIES]),
    intent: Type.String(),
    priority: Type.Enum([...PRIORITIES]),
    confidence: Type.Number(),
    classified_by: Type.Enum(['ai', 'rules']),
    fallback_reason: Nullable(Type.String()),
  }),
  transactional: false,
  handler: async ({ thread_id }, ctx) => ({
    ...(await ctx.services.emailClassifyService.classify(thread_id, (work) => ctx.transaction(work))),
  }),
});
