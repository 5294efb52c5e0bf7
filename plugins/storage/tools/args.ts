import { Type } from '../../../core/index.js';
import { PURPOSES } from '../entities/values.js';

/** Where a file enters storage, its purpose's limits are spelled out; elsewhere the purpose only filters or moves it. */
export const purposeArg = Type.Enum(PURPOSES, {
  description:
    'Sets the allowed types and sizes: *_media images 5 MB, video and audio 16 MB, documents 100 MB; docqa and knowledge pdf, docx, txt, md, html, csv 50 MB; avatar an image of 1 MB.',
});
export const purposeFilterArg = Type.Enum(PURPOSES, { description: 'What the file is for.' });
export const fileIdArg = Type.Integer({ minimum: 1 });
export const filenameArg = Type.String({ minLength: 1, maxLength: 200 });
export const contentTypeArg = Type.String({
  minLength: 3,
  maxLength: 120,
  description: 'MIME type, e.g. image/png; it must be what the bytes are.',
});
