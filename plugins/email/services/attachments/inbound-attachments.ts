import { notFound, type Services } from '../../../../core/index.js';
import { EmailMessage } from '../../entities/email-message.entity.js';

export interface AttachmentContent {
  filename: string | null;
  content_type: string;
  content: Buffer;
}

/**
 * The attachments of received mail stay on the mail server (the mail is stored parsed, without
 * them): one is read when asked for, from the mail found by its Message-ID in its folder (a UID
 * would not survive a renumbered folder).
 */
export class EmailInboundAttachments {
  constructor(private readonly deps: Services) {}

  async read(messageId: number, index: number): Promise<AttachmentContent> {
    const message = await this.deps.em.findOne(EmailMessage, { id: messageId });
    if (!message) throw notFound('email_message', messageId);
    const info = message.attachments[index];
    if (!info || !message.imapFolder) throw notFound('email_attachment', `${messageId}/${index}`);
    const [account] = await this.deps.emailAccountsService.findAny([message.accountId]);
    if (!account || account.deletedAt) throw notFound('email_attachment', `${messageId}/${index}`);
    const client = await this.deps.emailConnector.imap(await this.deps.emailAccountsService.imapTarget(account));
    try {
      const lock = await client.getMailboxLock(message.imapFolder, { readOnly: true });
      try {
        const uids = await client.search({ header: { 'message-id': message.messageIdHeader } }, { uid: true });
        const uid = Array.isArray(uids) ? uids[0] : undefined;
        const fetched = uid === undefined ? false : await client.fetchOne(String(uid), { source: true }, { uid: true });
        if (!fetched || !fetched.source)
          throw notFound('email_attachment', `${messageId}/${index} (the mail is no longer in ${message.imapFolder})`);
        // Loaded at first use (see parse-message.ts).
        const { simpleParser } = await import('mailparser');
        const mail = await simpleParser(fetched.source, {
          skipTextToHtml: true,
          skipImageLinks: true,
          keepCidLinks: true,
        });
        const part = mail.attachments.filter((a) => a.contentDisposition !== 'inline' || !a.contentId)[index];
        if (!part) throw notFound('email_attachment', `${messageId}/${index}`);
        return { filename: part.filename ?? null, content_type: part.contentType, content: part.content };
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => undefined);
    }
  }
}
