import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { attachmentPayload } from '../services/payloads.js';
import { AttachmentOutput } from './outputs.js';

export const uploadEmailAttachment = defineTool({
  name: 'upload_email_attachment',
  title: 'Upload email attachment',
  description:
    'Uploads a file (base64, at most 10 MB) for attachment_ids of send_email, reply_email_thread or update_scheduled_email. Unused files are deleted after a day.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    filename: Type.String({ minLength: 1, maxLength: 255 }),
    content_base64: Type.String({ minLength: 4, maxLength: 14_000_000 }),
    mime_type: Type.Optional(Type.String({ minLength: 3, maxLength: 255, pattern: '^[\\w.+-]+/[\\w.+-]+$' })),
  }),
  output: Type.Object({ attachment: AttachmentOutput }),
  handler: async ({ filename, content_base64, mime_type }, { services }) => ({
    attachment: attachmentPayload(await services.emailAttachmentsService.upload(filename, content_base64, mime_type)),
  }),
});
