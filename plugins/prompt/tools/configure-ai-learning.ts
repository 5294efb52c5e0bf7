import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { LEARNING_MODES } from '../entities/learning-setting.entity.js';
import { categoriesArg, LearningOutput, surfaceArg } from './prompt-args.js';

export const configureAiLearning = defineTool({
  name: 'configure_ai_learning',
  title: 'Configure AI learning',
  description:
    "How the assistant learns from agents' corrections on a surface (all: the default for the others). mode: off, shadow (record candidates only; default), soft (use rules an agent activated), enforced (auto-activate enforced_categories candidates backed by 3 corrections).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'configure',
  input: Type.Object({
    surface: surfaceArg('The surface, or all for the default of every surface.'),
    mode: Type.Optional(Type.Enum(LEARNING_MODES)),
    max_rules: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 12, description: 'Learned rules the prompt may carry; default 5.' }),
    ),
    enabled_categories: Type.Optional(categoriesArg('Categories learned from corrections (default all).')),
    enforced_categories: Type.Optional(categoriesArg('Categories applied without review in enforced mode.')),
  }),
  output: Type.Object({ learning: LearningOutput }),
  handler: async ({ surface, ...changes }, { services }) => ({
    learning: await services.promptLearningService.configure(surface, changes),
  }),
});
