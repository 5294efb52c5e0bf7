import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SUGGESTION_LEVELS, SUGGESTION_STATUSES } from '../entities/training-suggestion.entity.js';
import { SuggestionOutput } from './suggestion-output.js';

export const listTrainingSuggestions = defineTool({
  name: 'list_training_suggestions',
  title: 'List training suggestions',
  description:
    "What the team's work (ticket resolutions, agents' corrections) suggests the assistant should learn, most often seen first: snippet level (a fact) or prompt level (a behaviour rule).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Enum(SUGGESTION_STATUSES)),
    level: Type.Optional(Type.Enum(SUGGESTION_LEVELS)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  }),
  output: Type.Object({
    suggestions: Type.Array(SuggestionOutput),
    total: Type.Integer(),
    limit: Type.Integer(),
    offset: Type.Integer(),
  }),
  handler: async ({ status, level, limit = 20, offset = 0 }, { services }) =>
    services.knowledgeSuggestionsService.list(status, level, limit, offset),
});
