import { Nullable, Type, RangeBoundArg } from '../../../core/index.js';
import { SURFACES, WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { SNIPPET_KINDS, SNIPPET_STATUSES } from '../entities/snippet.entity.js';
import { CONTENT_MAX, TAGS_MAX } from '../services/snippet-fields.js';

export const snippetFieldArgs = {
  title: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.String({
    minLength: 1,
    maxLength: CONTENT_MAX,
    description: 'The answer or fact, as the assistant may use it.',
  }),
  kind: Type.Enum(SNIPPET_KINDS, { description: 'Default faq with a question, else note.' }),
  question: Nullable(Type.String({ maxLength: 500, description: 'For an FAQ: the question as customers ask it.' })),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: TAGS_MAX }),
  language: Nullable(Type.Enum([...WIDGET_LANGUAGES], { description: 'Default: detected from the text.' })),
  surfaces: Type.Array(Type.Enum([...SURFACES]), {
    maxItems: SURFACES.length,
    description: 'Where the assistant may use it; default all.',
  }),
  valid_until: Nullable(RangeBoundArg('It expires after this time or day; null: never.')),
};

/** The fields create and update both take, all optional. */
export const optionalSnippetArgs = {
  kind: Type.Optional(snippetFieldArgs.kind),
  question: Type.Optional(snippetFieldArgs.question),
  tags: Type.Optional(snippetFieldArgs.tags),
  language: Type.Optional(snippetFieldArgs.language),
  surfaces: Type.Optional(snippetFieldArgs.surfaces),
  valid_until: Type.Optional(snippetFieldArgs.valid_until),
};

export const SnippetOutput = Type.Object({
  id: Type.Integer(),
  kind: Type.String(),
  title: Type.String(),
  question: Type.Union([Type.String(), Type.Null()]),
  content: Type.String(),
  tags: Type.Array(Type.String()),
  language: Type.Union([Type.String(), Type.Null()]),
  surfaces: Type.Array(Type.String()),
  status: Type.Enum(SNIPPET_STATUSES),
  status_reason: Type.Union([Type.String(), Type.Null()]),
  source: Type.String(),
  valid_until: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  approved_at: Type.Union([Type.String(), Type.Null()]),
});

export const idArg = Type.Integer({ minimum: 1 });
