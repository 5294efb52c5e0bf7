import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SUGGESTION_LEVELS } from '../entities/training-suggestion.entity.js';
import { SuggestionOutput, suggestionIdArg } from './suggestion-output.js';

export const updateTrainingSuggestion = defineTool({
  name: 'update_training_suggestion',
  title: 'Update training suggestion',
  description: "Edits an open suggestion's question, answer or level before it is applied.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    suggestion_id: suggestionIdArg,
    question: Type.Optional(Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' })),
    answer: Type.Optional(Type.String({ minLength: 1, maxLength: 8000, pattern: '\\S' })),
    level: Type.Optional(Type.Enum(SUGGESTION_LEVELS)),
  }),
  output: Type.Object({ suggestion: SuggestionOutput }),
  handler: async ({ suggestion_id, ...changes }, { services }) =>
    services.knowledgeSuggestionsService.update(suggestion_id, changes),
});
