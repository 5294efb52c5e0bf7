import { Type } from '../../../core/index.js';
import { SUGGESTION_LEVELS, SUGGESTION_STATUSES } from '../entities/training-suggestion.entity.js';

export const SuggestionOutput = Type.Object({
  id: Type.Integer(),
  level: Type.Enum(SUGGESTION_LEVELS),
  question: Type.String(),
  answer: Type.String(),
  status: Type.Enum(SUGGESTION_STATUSES),
  status_reason: Type.Union([Type.String(), Type.Null()]),
  source_count: Type.Integer(),
  created_snippet_id: Type.Union([Type.Integer(), Type.Null()]),
  created_prompt_version: Type.Union([Type.Integer(), Type.Null()]),
  created_at: Type.String(),
  applied_at: Type.Union([Type.String(), Type.Null()]),
});

export const suggestionIdArg = Type.Integer({ minimum: 1 });
