import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const generateTrainingSuggestions = defineTool({
  name: 'generate_training_suggestions',
  title: 'Generate training suggestions',
  description:
    "Turns the last days' unseen ticket resolutions and agents' corrections into training suggestions now (a daily job does it too).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })) }),
  output: Type.Object({ examined: Type.Integer(), created: Type.Integer(), merged: Type.Integer() }),
  handler: async ({ days = 7 }, { services }) => services.knowledgeSuggestionsService.mine(days),
});
