import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SURFACES, WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { SEARCH_SOURCES } from '../services/search-service.js';

export const searchKnowledge = defineTool({
  name: 'search_knowledge',
  title: 'Search knowledge',
  description:
    'What the assistant would find for a question on a surface: the best active snippets and document passages, each with its score and how it was found. Full-text and typo-tolerant search, plus vectors when the shop has an embedding model (a model call).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    query: Type.String({ minLength: 1, maxLength: 500, pattern: '\\S' }),
    surface: Type.Optional(Type.Enum([...SURFACES])),
    language: Type.Optional(
      Type.Enum([...WIDGET_LANGUAGES], { description: 'Only snippets and documents in this language.' }),
    ),
    top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
    include_pending: Type.Optional(Type.Boolean({ default: false })),
    sources: Type.Optional(
      Type.Array(Type.Enum(SEARCH_SOURCES), {
        minItems: 1,
        maxItems: 2,
        uniqueItems: true,
        description: 'Where to look; default both.',
      }),
    ),
  }),
  output: Type.Object({
    results: Type.Array(
      Type.Object({
        id: Type.Integer({ description: 'The snippet’s id, or the chunk’s.' }),
        source: Type.Enum(['snippet', 'document']),
        kind: Type.String({ description: 'The snippet’s kind, or document.' }),
        title: Type.String(),
        question: Type.Union([Type.String(), Type.Null()]),
        content: Type.String(),
        language: Type.Union([Type.String(), Type.Null()]),
        status: Type.String(),
        document_id: Type.Union([Type.Integer(), Type.Null()]),
        heading_path: Type.Union([Type.Array(Type.String()), Type.Null()]),
        score: Type.Number(),
        method: Type.Enum(['fts', 'trigram', 'vector', 'hybrid']),
      }),
    ),
    query_language: Type.Union([Type.String(), Type.Null()]),
    method: Type.Enum(['fts', 'hybrid']),
    vectors: Type.Object({
      model: Type.Union([Type.String(), Type.Null()]),
      used: Type.Boolean(),
      reason: Type.Union([Type.String(), Type.Null()]),
    }),
    engine: Type.String(),
    notice: Type.Optional(Type.String()),
  }),
  handler: async ({ query, surface, language, top_k, include_pending, sources }, { services }) =>
    services.knowledgeSearchService.search({
      query,
      surface,
      language,
      topK: top_k,
      includePending: include_pending,
      sources,
    }),
});
