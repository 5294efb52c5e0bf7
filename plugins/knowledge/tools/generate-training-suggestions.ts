import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const generateTrainingSuggestions = defineTool({
  name: 'generate_training_suggestions',
  title: 'Generate training suggestions',
  description:
    'Looks at the ticket resolutions and agents’ corrections of the last days not looked at yet (a daily job does it too) and turns them into training suggestions; the same question again counts on the suggestion it repeats.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 90, default: 7 })) }),
  output: Type.Object({ examined: Type.Integer(), created: Type.Integer(), merged: Type.Integer() }),
  handler: async ({ days = 7 }, { services }) => services.knowledgeSuggestionsService.mine(days),
});
