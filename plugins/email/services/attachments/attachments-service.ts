import { createHash } from 'node:crypto';
import type { EmailConfig } from '../../config.js';
import { invalidArguments, notFound, ToolError, type ServiceDeps } from '../../../../core/index.js';
import { EmailAttachment } from '../../entities/email-attachment.entity.js';
import type { AttachmentInfo } from '../../entities/email-message.entity.js';

/** Largest upload (spec: 10 MB each). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Content shown inline by get_email_attachment; larger files come as a link. */
export const INLINE_BYTES = 1024 * 1024;
/** Attachments on one mail. */
const MAX_PER_MESSAGE = 20;

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html',
  ics: 'text/calendar',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Files uploaded for outbound mail: stored in the database, used by id, purged a day after if never used. */
export class EmailAttachmentsService {
  constructor(private readonly deps: ServiceDeps<EmailConfig>) {}

  private get em() {
    return this.deps.em;
  }

  async upload(filename: string, contentBase64: string, mimeType?: string): Promise<EmailAttachment> {
    const name = filename.trim();
    if (!name || /[\\/]/.test(name) || name === '.' || name === '..')
      throw invalidArguments('filename must be a file name, not a path.', [
        { path: 'filename', message: 'is a path or empty' },
      ]);
    const compact = contentBase64.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0)
      throw invalidArguments('content_base64 is not base64.', [{ path: 'content_base64', message: 'is not base64' }]);
    const extension = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
    return this.store(name, Buffer.from(compact, 'base64'), mimeType ?? TYPES[extension] ?? 'application/octet-stream');
  }

  /** Keeps a file for outbound mail (an upload, or a file another group made, as the calendar's invitations). */
  async store(filename: string, content: Buffer, contentType: string): Promise<EmailAttachment> {
    if (content.length === 0)
      throw invalidArguments('The file is empty.', [{ path: 'content_base64', message: 'is empty' }]);
    if (content.length > MAX_ATTACHMENT_BYTES)
      throw new ToolError(
        'file_too_large',
        `Attachments are at most ${MAX_ATTACHMENT_BYTES} bytes; this one has ${content.length}.`,
        {
          max_bytes: MAX_ATTACHMENT_BYTES,
          size_bytes: content.length,
        },
      );
    const row = this.em.create(EmailAttachment, {
      filename,
      contentType,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
      content,
      usedAt: null,
    } as EmailAttachment);
    await this.em.flush();
    return row;
  }

  async get(id: number, withContent: boolean): Promise<Omit<EmailAttachment, 'content'> & { content?: Uint8Array }> {
    const row = await this.em.findOne(EmailAttachment, { id }, withContent ? {} : { exclude: ['content'] });
    if (!row) throw notFound('email_attachment', id);
    return row;
  }

  /** The uploads a mail names, marked used (kept from now on); not_found for an unknown one. */
  async use(ids: number[]): Promise<AttachmentInfo[]> {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) return [];
    if (wanted.length > MAX_PER_MESSAGE)
      throw invalidArguments(`At most ${MAX_PER_MESSAGE} attachments per mail.`, [
        { path: 'attachment_ids', message: 'too many' },
      ]);
    const rows = await this.em.find(EmailAttachment, { id: { $in: wanted } }, { exclude: ['content'] });
    const missing = wanted.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0) throw notFound('email_attachment', missing[0]);
    const total = rows.reduce((n, r) => n + r.size, 0);
    if (total > this.deps.config.maxMessageBytes)
      throw new ToolError(
        'file_too_large',
        `The attachments come to ${total} bytes; a mail carries at most ${this.deps.config.maxMessageBytes}.`,
        {
          max_bytes: this.deps.config.maxMessageBytes,
          size_bytes: total,
        },
      );
    for (const row of rows) row.usedAt ??= new Date();
    await this.em.flush();
    return wanted.map((id) => {
      const r = rows.find((row) => row.id === id)!;
      return { filename: r.filename, content_type: r.contentType, size: r.size, content_id: null, attachment_id: r.id };
    });
  }

  /** Their bytes, for the mail being built. */
  async contents(ids: number[]): Promise<Map<number, Buffer>> {
    if (ids.length === 0) return new Map();
    const rows = await this.em.find(EmailAttachment, { id: { $in: ids } });
    return new Map(rows.map((r) => [r.id, Buffer.from(r.content)]));
  }

  /** Uploads never used within a day go. Returns how many. */
  async purgeUnused(): Promise<number> {
    return this.em.nativeDelete(EmailAttachment, {
      usedAt: null,
      createdAt: { $lt: new Date(Date.now() - 86_400_000) },
    });
  }
}
