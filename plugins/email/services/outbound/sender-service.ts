import type { ImapFlow } from 'imapflow';
import type { EmailConfig } from '../../config.js';
import type { OutboxOutcome, ToolContext, ServiceDeps } from '../../../../core/index.js';
import { EmailMessage } from '../../entities/email-message.entity.js';
import type { EmailAccount } from '../../entities/email-account.entity.js';
import { serverReply, secretsOf } from '../connection/connection-error.js';
import { buildMail } from './mail-builder.js';
import { fileSent, inFolder } from './sent-folder.js';

interface SmtpError {
  responseCode?: number;
  code?: string;
  message?: string;
}

/** What the outbox payload of a send names. */
export interface EmailSend {
  message_id: number;
}

/** What `email.sent` announces. */
export interface EmailSent {
  account_id: number;
  thread_id: number;
  message_id: number;
  to: string[];
  subject: string;
  /** ISO 8601. */
  sent_at: string;
}

/**
 * Sends one queued mail, exactly once across crashes where the Sent folder can tell. The mail is
 * marked `sending` in a committed statement before SMTP is spoken to; a mail found `sending`
 * again (its process died, or its last attempt broke off mid-conversation) is first searched for
 * in Sent by its Message-ID and, when there, only recorded as sent. After the server's `250` a
 * copy is filed in Sent when the server does not file one itself (sent_copy `append`); then the
 * mail is recorded as sent. A 5xx answer fails the mail at once; anything else is retried on the
 * outbox's schedule (24 hours), and fails after the last attempt.
 */
export class EmailSenderService {
  constructor(private readonly deps: ServiceDeps<EmailConfig>) {}

  private get em() {
    return this.deps.em;
  }

  async deliver(
    messageId: number,
    lastAttempt: boolean,
    ctx: Pick<ToolContext, 'transaction' | 'log'>,
  ): Promise<void | OutboxOutcome> {
    const claim = await this.claim(messageId);
    if (claim === 'busy')
      return {
        outcome: 'retry',
        error: 'another process is sending it',
        afterMs: this.deps.config.claimTimeoutSeconds * 1000,
      };
    if (claim === 'done') return;
    const message = (await this.em.findOne(EmailMessage, { id: messageId }, { refresh: true }))!;
    const [account] = await this.deps.emailAccountsService.findAny([message.accountId]);
    if (!account || account.deletedAt)
      return this.fail(message, 'The email account was deleted before the mail was sent.', true);
    if (!account.isActive)
      return this.pause(
        message,
        `Email account ${account.id} is inactive; the mail waits until it is active again.`,
        lastAttempt,
      );
    let imap: ImapFlow | undefined;
    const openImap = async () =>
      (imap ??= await this.deps.emailConnector.imap(await this.deps.emailAccountsService.imapTarget(account)));
    try {
      if (claim === 'resumed' && account.sentCopy !== 'none' && account.sentFolder) {
        if (await inFolder(await openImap(), account.sentFolder, message.messageIdHeader))
          return await this.markSent(message, account, ctx);
      }
      const ids = message.attachments.flatMap((a) => (a.attachment_id === undefined ? [] : [a.attachment_id]));
      const built = await buildMail(account, message, await this.deps.emailAttachmentsService.contents(ids));
      const target = await this.deps.emailAccountsService.smtpTarget(account);
      const transport = await this.deps.emailSmtpPool.get(account.id, target, this.deps.emailConnector);
      try {
        await transport.sendMail({ envelope: built.envelope, raw: built.raw });
      } catch (error) {
        const e = error as SmtpError;
        const reply = serverReply(error, secretsOf(target)) ?? 'the SMTP server refused the mail';
        if (e.responseCode && e.responseCode >= 500 && e.responseCode !== 535 && e.responseCode !== 534)
          return await this.fail(message, reply, true);
        this.deps.emailSmtpPool.close(account.id);
        return await this.pause(message, reply, lastAttempt);
      }
      if (account.sentCopy === 'append' && account.sentFolder)
        await fileSent(await openImap(), account.sentFolder, built.raw).catch((err: Error) =>
          ctx.log.warn({ err: err.message, messageId }, 'the sent mail could not be filed in Sent'),
        );
      await this.markSent(message, account, ctx);
    } catch (error) {
      return this.pause(message, (error as Error).message ?? String(error), lastAttempt);
    } finally {
      await (imap as ImapFlow | undefined)?.logout().catch(() => undefined);
    }
  }

  /**
   * queued → sending, or a `sending` left by a dead process (its claim timed out, or released by a
   * failed attempt) → sending again, in one committed statement. busy: another process holds it.
   */
  private async claim(messageId: number): Promise<'fresh' | 'resumed' | 'busy' | 'done'> {
    const rows = await this.em.execute<{ previous: string }[]>(
      `with prev as (select id, status from email_messages where id = ? and shop_id = ? for update)
       update email_messages m set status = 'sending', claimed_at = now(), attempts = m.attempts + 1, updated_at = now()
       from prev
       where m.id = prev.id and (prev.status = 'queued'
         or (prev.status = 'sending' and (m.claimed_at is null or m.claimed_at < now() - make_interval(secs => ?))))
       returning prev.status as previous`,
      [messageId, this.deps.shop.id, this.deps.config.claimTimeoutSeconds],
    );
    if (rows[0]) return rows[0].previous === 'queued' ? 'fresh' : 'resumed';
    const [row] = await this.em.execute<{ status: string }[]>(
      `select status from email_messages where id = ? and shop_id = ?`,
      [messageId, this.deps.shop.id],
    );
    return row?.status === 'sending' ? 'busy' : 'done';
  }

  private async markSent(
    message: EmailMessage,
    account: EmailAccount,
    ctx: Pick<ToolContext, 'transaction'>,
  ): Promise<void> {
    const sentAt = new Date();
    await ctx.transaction(async ({ services: { em, events }, shop }) => {
      await em.execute(
        `update email_messages set status = 'sent', sent_at = ?, claimed_at = null, last_error = null, updated_at = now()
         where id = ? and shop_id = ? and status = 'sending'`,
        [sentAt, message.id, shop.id],
      );
      await em.execute(
        `update email_threads set last_message_at = greatest(last_message_at, ?),
           first_response_at = coalesce(first_response_at, case when last_inbound_at is not null then ?::timestamptz end), updated_at = now()
         where id = ? and shop_id = ?`,
        [sentAt, sentAt, message.threadId, shop.id],
      );
      const payload: EmailSent = {
        account_id: account.id,
        thread_id: message.threadId,
        message_id: message.id,
        to: message.toAddresses.map((a) => a.address),
        subject: message.subject,
        sent_at: sentAt.toISOString(),
      };
      await events.emit('email.sent', payload);
    });
  }

  /**
   * A failed attempt that may be tried again: the claim is released (status stays `sending`, so
   * the next attempt first looks in Sent), or, on the last attempt, the mail fails.
   */
  private async pause(message: EmailMessage, error: string, lastAttempt: boolean): Promise<OutboxOutcome | void> {
    if (lastAttempt) return this.fail(message, error, false);
    await this.em.execute(
      `update email_messages set claimed_at = null, last_error = ?, updated_at = now() where id = ? and shop_id = ?`,
      [error.slice(0, 1000), message.id, this.deps.shop.id],
    );
    return { outcome: 'retry', error };
  }

  private async fail(message: EmailMessage, error: string, abandon: boolean): Promise<OutboxOutcome | void> {
    await this.em.execute(
      `update email_messages set status = 'failed', claimed_at = null, last_error = ?, updated_at = now() where id = ? and shop_id = ?`,
      [error.slice(0, 1000), message.id, this.deps.shop.id],
    );
    return abandon ? { outcome: 'abandon', error } : undefined;
  }
}
