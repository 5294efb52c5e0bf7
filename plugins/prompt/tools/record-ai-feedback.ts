import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { LEARNING_CATEGORIES } from '../entities/learning-setting.entity.js';
import { RuleOutput, surfaceArg } from './prompt-args.js';

export const recordAiFeedback = defineTool({
  name: 'record_ai_feedback',
  title: 'Record AI feedback',
  description:
    "An agent's verdict on an assistant answer: good, or bad with a correction phrased as a rule. A correction becomes or backs a candidate learned rule unless learning is off or the category disabled.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    surface: surfaceArg('Where the answer was given.'),
    rating: Type.Enum(['good', 'bad']),
    answer: Type.Optional(Type.String({ minLength: 1, maxLength: 4000, description: 'The assistant’s answer.' })),
    correction: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
    category: Type.Optional(Type.Enum(LEARNING_CATEGORIES, { description: 'Default other.' })),
  }),
  output: Type.Object({
    feedback_id: Type.Integer(),
    learned: Type.String(),
    rule: Type.Union([RuleOutput, Type.Null()]),
  }),
  handler: async ({ surface, rating, answer, correction, category }, { services }) =>
    services.promptLearningService.feedback({ surface, rating, answer, correction, category }),
});
