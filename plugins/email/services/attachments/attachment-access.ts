import { invalidArguments, type Services } from '../../../../core/index.js';
import { attachmentPath, type AttachmentRef } from './attachment-links.js';
import type { AttachmentContent } from './inbound-attachments.js';

/** get_email_attachment's two ways to an attachment, with a signed download link for either. */
export class EmailAttachmentAccess {
  constructor(private readonly deps: Services) {}

  async content(args: {
    attachment_id?: number;
    message_id?: number;
    index?: number;
  }): Promise<AttachmentContent & { download_url: string; expires_at: string }> {
    const byUpload = args.attachment_id !== undefined;
    const byMessage = args.message_id !== undefined || args.index !== undefined;
    if (byUpload === byMessage || (byMessage && (args.message_id === undefined || args.index === undefined)))
      throw invalidArguments('Give attachment_id, or message_id with index.', [
        { path: 'attachment_id', message: 'give it, or message_id and index' },
      ]);
    let file: AttachmentContent;
    let ref: AttachmentRef;
    if (byUpload) {
      const row = await this.deps.emailAttachmentsService.get(args.attachment_id!, true);
      file = { filename: row.filename, content_type: row.contentType, content: Buffer.from(row.content!) };
      ref = `u${row.id}`;
    } else {
      file = await this.deps.emailInboundAttachments.read(args.message_id!, args.index!);
      ref = `m${args.message_id!}-${args.index!}`;
    }
    const link = attachmentPath(this.deps.secrets, this.deps.shop.id, ref);
    return {
      ...file,
      download_url: `${this.deps.baseUrl()}${link.path}`,
      expires_at: link.expiresAt.toISOString(),
    };
  }
}
