import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SuggestionOutput, suggestionIdArg } from './suggestion-output.js';

export const getTrainingSuggestion = defineTool({
  name: 'get_training_suggestion',
  title: 'Get training suggestion',
  description: 'A training suggestion with where it was seen, newest first.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ suggestion_id: suggestionIdArg }),
  output: Type.Object({
    suggestion: SuggestionOutput,
    observations: Type.Array(
      Type.Object({
        source: Type.Enum(['ticket', 'correction']),
        ref: Type.Integer({ description: 'The resolution note’s or the correction’s id.' }),
        excerpt: Type.String(),
        seen_at: Type.String(),
      }),
    ),
  }),
  handler: async ({ suggestion_id }, { services }) => services.knowledgeSuggestionsService.get(suggestion_id),
});
