import { Nullable, Type } from '../../../core/index.js';
import { CATEGORIES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { PRIORITIES } from '../services/classification/rules.js';
import { threadIdArg } from './args.js';

export const classifyEmailThread = defineTool({
  name: 'classify_email_thread',
  title: 'Classify email thread',
  description:
    'Sets a thread’s category (order, shipping, return, billing, product, complaint, spam, other), intent and priority (P0–P3) from its latest inbound mail: by the shop’s AI provider when the account has ai_classification_enabled and a model is configured, by the built-in rules otherwise. classified_by says which; fallback_reason says why the rules answered instead of the AI. New threads are classified this way in the background.',
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
