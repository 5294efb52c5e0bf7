import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SuggestionOutput, suggestionIdArg } from './suggestion-output.js';

export const applyTrainingSuggestion = defineTool({
  name: 'apply_training_suggestion',
  title: 'Apply training suggestion',
  description:
    "Applies an open suggestion: level snippet creates an active knowledge snippet; level prompt adds its rule to the assistant's base prompt (a new version).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'apply',
  confirmation: 'agent',
  input: Type.Object({ suggestion_id: suggestionIdArg }),
  precheck: async ({ suggestion_id }, { services }) => {
    await services.knowledgeSuggestionsService.describeApply(suggestion_id);
  },
  summary: async ({ suggestion_id }, { services }) => services.knowledgeSuggestionsService.describeApply(suggestion_id),
  output: Type.Object({ suggestion: SuggestionOutput }),
  handler: async ({ suggestion_id }, { services }) => services.knowledgeSuggestionsService.apply(suggestion_id),
});
