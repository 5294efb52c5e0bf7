import { Type } from '../../../core/index.js';
import { PURPOSES } from '../entities/values.js';

export const purposeArg = Type.Enum(PURPOSES, {
  description:
    'What the file is for, which sets the types and sizes it may have: chat_media and campaign_media (the messaging network’s limits: images 5 MB, video and audio 16 MB, documents 100 MB), docqa and knowledge (pdf, docx, txt, md, html, csv ≤ 50 MB), avatar (image ≤ 1 MB), export, recording.',
});
export const fileIdArg = Type.Integer({ minimum: 1 });
export const filenameArg = Type.String({ minLength: 1, maxLength: 200 });
export const contentTypeArg = Type.String({
  minLength: 3,
  maxLength: 120,
  description: 'MIME type, e.g. image/png; it must be what the bytes are.',
});
