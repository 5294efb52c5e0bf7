import { Nullable, Type } from '../../../core/index.js';
import { SURFACES, WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { DOCUMENT_FORMATS, DOCUMENT_STATUSES, INLINE_FORMATS } from '../entities/document.entity.js';

/** The most characters a text given in the call may have (a stored file may hold more, up to 5 million once read). */
export const CONTENT_ARG_MAX = 2_000_000;

export const documentIdArg = Type.Integer({ minimum: 1 });

export const documentFieldArgs = {
  title: Type.String({ minLength: 1, maxLength: 200, description: 'Default for a file: its file name.' }),
  content: Type.String({
    minLength: 1,
    maxLength: CONTENT_ARG_MAX,
    description: 'The document’s text, in `format`. Give this or file_id.',
  }),
  format: Type.Enum(INLINE_FORMATS, {
    description: "How content is written; headings make the chunks' heading paths.",
  }),
  file_id: Type.Integer({
    minimum: 1,
    description: 'A stored file (purpose knowledge or docqa): PDF, docx, text, Markdown or HTML.',
  }),
  language: Nullable(Type.Enum([...WIDGET_LANGUAGES], { description: 'Default: detected from the text.' })),
  surfaces: Type.Array(Type.Enum([...SURFACES]), {
    maxItems: SURFACES.length,
    description: 'Where the assistant may use it; default all.',
  }),
};

export const DocumentOutput = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  format: Type.Enum(DOCUMENT_FORMATS),
  source: Type.Enum(['content', 'file']),
  file_id: Type.Union([Type.Integer(), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  surfaces: Type.Array(Type.String()),
  status: Type.Enum(DOCUMENT_STATUSES),
  status_reason: Type.Union([Type.String(), Type.Null()]),
  char_count: Type.Integer(),
  chunk_count: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  indexed_at: Type.Union([Type.String(), Type.Null()]),
});
