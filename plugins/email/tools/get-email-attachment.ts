import { DateTime, Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { INLINE_BYTES } from '../services/attachments/attachments-service.js';
import { messageIdArg } from './args.js';

export const getEmailAttachment = defineTool({
  name: 'get_email_attachment',
  title: 'Get email attachment',
  description:
    "An attachment's content: an upload (attachment_id) or a received mail's attachment (message_id and index from get_email_thread). Up to 1 MB inline as content_base64; always a download link valid 15 minutes.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    attachment_id: Type.Optional(Type.Integer({ minimum: 1, description: 'An upload of upload_email_attachment.' })),
    message_id: Type.Optional(messageIdArg),
    index: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: '0 for the mail’s first attachment.' })),
  }),
  output: Type.Object({
    filename: Nullable(Type.String()),
    content_type: Type.String(),
    size: Type.Integer(),
    content_base64: Nullable(Type.String({ description: 'null above 1 MB: use download_url.' })),
    download_url: Type.String(),
    expires_at: DateTime(),
  }),
  handler: async (args, { services }) => {
    const file = await services.emailAttachmentAccess.content(args);
    return {
      filename: file.filename,
      content_type: file.content_type,
      size: file.content.length,
      content_base64: file.content.length <= INLINE_BYTES ? file.content.toString('base64') : null,
      download_url: file.download_url,
      expires_at: file.expires_at,
    };
  },
});
