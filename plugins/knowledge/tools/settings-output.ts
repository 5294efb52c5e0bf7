import { Type } from '../../../core/index.js';

export const KnowledgeSettingsOutput = Type.Object({
  settings: Type.Object({
    top_k: Type.Integer(),
    relevance_threshold: Type.Number(),
    hybrid_weight: Type.Number(),
    require_approval: Type.Boolean(),
  }),
  embeddings: Type.Object(
    {
      model: Type.Union([Type.String(), Type.Null()]),
      dims: Type.Union([Type.Integer(), Type.Null()]),
      indexed: Type.Integer(),
      stale: Type.Integer(),
    },
    { description: 'The vectors of the shop’s current embedding model: made, and snippets and chunks still waiting.' },
  ),
  snippets: Type.Object({
    pending: Type.Integer(),
    active: Type.Integer(),
    rejected: Type.Integer(),
    expired: Type.Integer(),
  }),
  documents: Type.Object({
    processing: Type.Integer(),
    ready: Type.Integer(),
    failed: Type.Integer(),
    chunks: Type.Integer({ description: 'Chunks of the documents, which searches read.' }),
  }),
});
