import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { RuleOutput } from './prompt-args.js';

export const reviewLearnedRule = defineTool({
  name: 'review_learned_rule',
  title: 'Review learned rule',
  description:
    "An agent's decision on a learned rule: activate (optionally editing text), reject a candidate, or retire an active rule.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    rule_id: Type.Integer({ minimum: 1 }),
    decision: Type.Enum(['activate', 'reject', 'retire']),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
  }),
  output: Type.Object({ rule: RuleOutput }),
  handler: async ({ rule_id, decision, text }, { services }) =>
    services.promptLearningService.review(rule_id, decision, text),
});
