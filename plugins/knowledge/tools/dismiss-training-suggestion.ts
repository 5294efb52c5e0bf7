import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SuggestionOutput, suggestionIdArg } from './suggestion-output.js';

export const dismissTrainingSuggestion = defineTool({
  name: 'dismiss_training_suggestion',
  title: 'Dismiss training suggestion',
  description: 'Dismisses an open suggestion for good; the same question never brings it back.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ suggestion_id: suggestionIdArg, reason: Type.Optional(Type.String({ maxLength: 500 })) }),
  output: Type.Object({ suggestion: SuggestionOutput }),
  handler: async ({ suggestion_id, reason }, { services }) =>
    services.knowledgeSuggestionsService.dismiss(suggestion_id, reason),
});
