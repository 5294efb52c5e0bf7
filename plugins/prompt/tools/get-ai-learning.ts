import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { RULE_STATUSES } from '../entities/learned-rule.entity.js';
import { LearningOutput, RuleOutput, surfaceArg } from './prompt-args.js';

export const getAiLearning = defineTool({
  name: 'get_ai_learning',
  title: 'Get AI learning',
  description:
    "A surface's learning settings (own or inherited) and its learned rules, most backed first, marking those in use.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    surface: Type.Optional(surfaceArg('Default all.')),
    status: Type.Optional(Type.Enum(RULE_STATUSES)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
  }),
  output: Type.Object({
    learning: LearningOutput,
    rules: Type.Array(RuleOutput),
    applied_rule_ids: Type.Array(Type.Integer()),
  }),
  handler: async ({ surface = 'all', status, limit = 50 }, { services }) => ({
    learning: await services.promptLearningService.settings(surface),
    rules: await services.promptLearningService.rules(surface, status, limit),
    applied_rule_ids: (await services.promptLearningService.applied(surface)).map((r) => r.id),
  }),
});
