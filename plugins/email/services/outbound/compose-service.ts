import { randomUUID } from 'node:crypto';
import type { EmailConfig } from '../../config.js';
import {
  invalidArguments,
  invalidState,
  LockMode,
  notFound,
  ToolError,
  type Paging,
  parseShopTime,
  type ServiceDeps,
} from '../../../../core/index.js';
import type { EmailAccount } from '../../entities/email-account.entity.js';
import { EmailMessage, type AttachmentInfo } from '../../entities/email-message.entity.js';
import { EmailThread } from '../../entities/email-thread.entity.js';
import type { MailAddress, MessageStatus, ThreadStatus } from '../../entities/values.js';
import { previewOf } from '../sync/parse-message.js';
import { sanitizeMailHtml } from '../sync/sanitize-mail-html.js';
import { subjectKey } from '../sync/subject-key.js';
import { parseRecipients } from './recipients.js';

/** The sending tools' shared arguments (the spec's list under cancel_scheduled_email). */
export interface OutboundFields {
  to?: string | string[];
  subject?: string;
  body_text?: string;
  body_html?: string;
  cc?: string[];
  bcc?: string[];
  attachment_ids?: number[];
  scheduled_at?: string | null;
}

/** How far ahead a send may be scheduled. */
const MAX_SCHEDULE_MS = 366 * 86_400_000;
/** References kept on a reply (the oldest and the newest ones matter for threading). */
const MAX_REFERENCES = 20;

const htmlToText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|tr|h[1-6])>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

/**
 * Writes outbound mail: a new thread (send_email) or a reply in one (reply_email_thread), with
 * its Message-ID made now — the id it keeps through retries and the one looked for in Sent after
 * a crash. A mail to go now is `queued` and handed to the outbox in the same transaction; one for
 * later is `scheduled` until the job queues it. Only a scheduled mail can be changed or cancelled.
 */
export class EmailComposeService {
  constructor(private readonly deps: ServiceDeps<EmailConfig>) {}

  private get em() {
    return this.deps.em;
  }

  /** A new thread (send_email; other groups' automatic mail opens its thread `closed` until the customer answers). */
  async send(
    accountId: number,
    fields: OutboundFields & { to: string | string[]; subject: string },
    options: { agentId?: number; threadStatus?: ThreadStatus; phone?: string } = {},
  ) {
    const account = await this.deps.emailAccountsService.get(accountId);
    this.deps.emailAccountsService.assertUsable(account, 'send');
    const to = parseRecipients(fields.to, 'to');
    if (to.length === 0) throw invalidArguments('to names no recipient.', [{ path: 'to', message: 'is empty' }]);
    const subject = fields.subject.trim();
    const thread = this.em.create(EmailThread, {
      accountId,
      subject,
      subjectKey: subjectKey(subject),
      counterpart: to[0]!.address,
      participants: to.map((a) => a.address),
      phone: options.phone ?? null,
      status: options.threadStatus ?? 'pending',
      unread: false,
      messageCount: 0,
      lastMessageAt: new Date(),
    } as EmailThread);
    await this.em.flush();
    if (!options.phone) await this.deps.emailThreadsService.applyKnownPhone(thread);
    const message = await this.write(
      account,
      thread,
      { ...fields, to },
      { subject, inReplyTo: null, references: [] },
      options.agentId,
    );
    return { message, thread };
  }

  /**
   * Answers a thread: to the sender of its latest inbound mail (its Reply-To when it had one),
   * and with reply_all the other people on it; `Re:` subject; In-Reply-To and References so every
   * client files it in the same conversation.
   */
  async reply(
    threadId: number,
    fields: OutboundFields & { reply_all?: boolean; account_id?: number },
    agentId?: number,
  ) {
    const thread = await this.deps.emailThreadsService.get(threadId);
    if (fields.account_id !== undefined && fields.account_id !== thread.accountId)
      throw invalidArguments(`Thread ${threadId} belongs to email account ${thread.accountId}; replies go from it.`, [
        { path: 'account_id', message: 'is not the thread’s account' },
      ]);
    const account = await this.deps.emailAccountsService.get(thread.accountId).catch(() => {
      throw invalidState(`Thread ${threadId}'s email account was deleted; connect it again to reply.`, {
        current_status: 'deleted',
        allowed: ['active'],
        action: 'reply',
      });
    });
    this.deps.emailAccountsService.assertUsable(account, 'reply');
    const [parent] = await this.em.find(
      EmailMessage,
      { threadId, status: { $in: ['received', 'sent'] } },
      { orderBy: { direction: 'asc', sentAt: 'desc', id: 'desc' }, limit: 1 },
    );
    const own = account.emailAddress.toLowerCase();
    const explicit = fields.to !== undefined ? parseRecipients(fields.to, 'to') : null;
    let to: MailAddress[];
    let cc = parseRecipients(fields.cc, 'cc');
    if (explicit) to = explicit;
    else if (!parent) to = [{ address: thread.counterpart, name: null }];
    else {
      to =
        parent.direction === 'inbound'
          ? [{ address: parent.fromAddress, name: parent.fromName ?? null }]
          : parent.toAddresses;
      if (fields.reply_all ?? true) {
        const others = [...parent.toAddresses, ...parent.ccAddresses].filter(
          (a) => a.address !== own && !to.some((t) => t.address === a.address),
        );
        cc = [...cc, ...others.filter((a) => !cc.some((c) => c.address === a.address))];
      }
    }
    if (to.length === 0) to = [{ address: thread.counterpart, name: null }];
    const base = fields.subject?.trim() || parent?.subject || thread.subject;
    const subject = /^\s*re\s*:/i.test(base) ? base : `Re: ${base}`;
    const references = parent ? [...parent.references, parent.messageIdHeader].slice(-MAX_REFERENCES) : [];
    const message = await this.write(
      account,
      thread,
      { ...fields, to, cc: cc.map((a) => a.address) },
      { subject, inReplyTo: parent?.messageIdHeader ?? null, references },
      agentId,
    );
    return { message, thread };
  }

  async listScheduled(filters: { account_id?: number; status?: MessageStatus }, paging: Paging) {
    const where = {
      direction: 'outbound' as const,
      status: filters.status ?? ('scheduled' as const),
      ...(filters.account_id !== undefined && { accountId: filters.account_id }),
    };
    const [rows, count] = await this.em.findAndCount(EmailMessage, where, {
      orderBy: { scheduledAt: 'asc', id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return { rows, count };
  }

  /**
   * A scheduled mail; invalid_state once it is queued or sent. `lock` (inside the call's
   * transaction) holds it for the change, so the job cannot queue it meanwhile.
   */
  async scheduled(messageId: number, action: string, lock = false): Promise<EmailMessage> {
    const message = await this.em.findOne(
      EmailMessage,
      { id: messageId, direction: 'outbound' },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
    if (!message) throw notFound('email_message', messageId);
    if (message.status !== 'scheduled')
      throw invalidState(`Email ${messageId} is ${message.status}, not scheduled: it can no longer be ${action}.`, {
        current_status: message.status,
        allowed: ['scheduled'],
        action,
      });
    return message;
  }

  async updateScheduled(messageId: number, fields: OutboundFields): Promise<EmailMessage> {
    if (Object.values(fields).every((v) => v === undefined))
      throw invalidArguments('Nothing to change: give to, subject, a body, cc, bcc, attachment_ids or scheduled_at.');
    const message = await this.scheduled(messageId, 'changed', true);
    if (fields.to !== undefined) message.toAddresses = this.nonEmpty(parseRecipients(fields.to, 'to'));
    if (fields.cc !== undefined) message.ccAddresses = parseRecipients(fields.cc, 'cc');
    if (fields.bcc !== undefined) message.bccAddresses = parseRecipients(fields.bcc, 'bcc');
    this.checkRecipientCount(message.toAddresses, message.ccAddresses, message.bccAddresses);
    if (fields.subject !== undefined) message.subject = fields.subject.trim();
    if (fields.body_text !== undefined || fields.body_html !== undefined) {
      const account = (await this.deps.emailAccountsService.findAny([message.accountId]))[0]!;
      Object.assign(message, this.bodies(account, fields.body_text, fields.body_html));
    }
    if (fields.attachment_ids !== undefined)
      message.attachments = await this.deps.emailAttachmentsService.use(fields.attachment_ids);
    if (fields.scheduled_at !== undefined) {
      const at = this.scheduleTime(fields.scheduled_at);
      if (!at) {
        message.status = 'queued';
        message.scheduledAt = null;
      } else message.scheduledAt = at;
    }
    await this.em.flush();
    if (message.status === 'queued') await this.deps.outbox.enqueue('email.send', { message_id: message.id });
    return message;
  }

  /**
   * Deletes a scheduled mail (and its thread, when it was the thread's only mail). Two racing
   * cancels: the first deletes it, the second finds nothing (not_found).
   */
  async cancelScheduled(messageId: number): Promise<{ deleted: true; id: number }> {
    const message = await this.scheduled(messageId, 'cancelled', true);
    const threadId = message.threadId;
    await this.em.nativeDelete(EmailMessage, { id: messageId, status: 'scheduled' });
    await this.em.execute(`delete from email_thread_keys where thread_id = ? and shop_id = ? and message_key = ?`, [
      threadId,
      this.deps.shop.id,
      message.messageIdHeader,
    ]);
    const left = await this.em.count(EmailMessage, { threadId });
    if (left === 0) await this.em.nativeDelete(EmailThread, { id: threadId });
    else
      await this.em.execute(
        `update email_threads set message_count = ?, updated_at = now() where id = ? and shop_id = ?`,
        [left, threadId, this.deps.shop.id],
      );
    return { deleted: true, id: messageId };
  }

  private async write(
    account: EmailAccount,
    thread: EmailThread,
    fields: Omit<OutboundFields, 'to'> & { to: MailAddress[] },
    headers: { subject: string; inReplyTo: string | null; references: string[] },
    agentId?: number,
  ): Promise<EmailMessage> {
    const cc = parseRecipients(fields.cc, 'cc');
    const bcc = parseRecipients(fields.bcc, 'bcc');
    this.checkRecipientCount(fields.to, cc, bcc);
    const at = this.scheduleTime(fields.scheduled_at);
    const attachments: AttachmentInfo[] = await this.deps.emailAttachmentsService.use(fields.attachment_ids ?? []);
    const domain = account.emailAddress.split('@')[1] ?? 'switchboard.invalid';
    const message = this.em.create(EmailMessage, {
      accountId: account.id,
      threadId: thread.id,
      direction: 'outbound',
      status: at ? 'scheduled' : 'queued',
      messageIdHeader: `<${randomUUID()}@${domain}>`,
      inReplyTo: headers.inReplyTo,
      references: headers.references,
      fromAddress: account.emailAddress.toLowerCase(),
      fromName: account.smtpFromName,
      toAddresses: fields.to,
      ccAddresses: cc,
      bccAddresses: bcc,
      subject: headers.subject,
      ...this.bodies(account, fields.body_text, fields.body_html),
      attachments,
      scheduledAt: at,
      attempts: 0,
      agentId: agentId ?? null,
    } as EmailMessage);
    thread.messageCount += 1;
    thread.unread = false;
    thread.participants = [...new Set([...thread.participants, ...[...fields.to, ...cc].map((a) => a.address)])].slice(
      0,
      50,
    );
    await this.em.flush();
    await this.em.execute(
      `insert into email_thread_keys (shop_id, account_id, message_key, thread_id)
       select ?, ?, k, ? from json_array_elements_text(?::json) k on conflict (account_id, message_key) do nothing`,
      [this.deps.shop.id, account.id, thread.id, JSON.stringify([message.messageIdHeader, ...headers.references])],
    );
    if (!at) await this.deps.outbox.enqueue('email.send', { message_id: message.id });
    return message;
  }

  /** The bodies as sent: the HTML sanitised, the signature under both, a text part always. */
  private bodies(account: EmailAccount, text: string | undefined, html: string | undefined) {
    if (!text?.trim() && !html?.trim())
      throw invalidArguments('Give body_text or body_html.', [
        { path: 'body_text', message: 'or body_html is required' },
      ]);
    const signature = account.signatureHtml ? sanitizeMailHtml(account.signatureHtml) : null;
    const cleanHtml = html?.trim() ? sanitizeMailHtml(html) : null;
    const bodyHtml = cleanHtml && signature ? `${cleanHtml}<br><br>${signature}` : cleanHtml;
    const plain = text?.trim() ? text : htmlToText(cleanHtml ?? '');
    const bodyText = signature ? `${plain}\n\n-- \n${htmlToText(signature)}` : plain;
    return { bodyText, bodyHtml, preview: previewOf(plain) };
  }

  private scheduleTime(raw: string | null | undefined): Date | null {
    if (raw === undefined || raw === null) return null;
    const at = parseShopTime(raw, this.deps.shop.timezone, 'scheduled_at');
    if (at.getTime() <= Date.now())
      throw invalidArguments('scheduled_at must be in the future (leave it out to send now).', [
        { path: 'scheduled_at', message: 'is not in the future' },
      ]);
    if (at.getTime() > Date.now() + MAX_SCHEDULE_MS)
      throw invalidArguments('scheduled_at is more than a year ahead.', [
        { path: 'scheduled_at', message: 'is more than a year ahead' },
      ]);
    return at;
  }

  private checkRecipientCount(...lists: MailAddress[][]): void {
    const total = lists.reduce((n, l) => n + l.length, 0);
    const max = this.deps.config.maxRecipients;
    if (total > max)
      throw new ToolError(
        'invalid_arguments',
        `At most ${max} recipients per mail (to, cc and bcc together); this one has ${total}.`,
        {
          errors: [{ path: 'to', message: `${total} recipients, at most ${max}` }],
        },
      );
  }

  private nonEmpty(to: MailAddress[]): MailAddress[] {
    if (to.length === 0) throw invalidArguments('to names no recipient.', [{ path: 'to', message: 'is empty' }]);
    return to;
  }
}
