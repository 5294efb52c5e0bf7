import { Type } from '../../../core/index.js';

export const KnowledgeSettingsOutput = Type.Object({
  settings: Type.Object({
    top_k: Type.Integer(),
    relevance_threshold: Type.Number(),
    require_approval: Type.Boolean(),
  }),
  snippets: Type.Object({
    pending: Type.Integer(),
    active: Type.Integer(),
    rejected: Type.Integer(),
    expired: Type.Integer(),
  }),
});
