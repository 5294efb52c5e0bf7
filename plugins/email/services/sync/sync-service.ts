import type { ImapFlow } from 'imapflow';
import type { EmailConfig } from '../../config.js';
import { notFound, ToolError, type ToolContext, type ServiceDeps } from '../../../../core/index.js';
import { EmailAccount } from '../../entities/email-account.entity.js';
import { EmailFolder } from '../../entities/email-folder.entity.js';
import type { FolderRole } from '../../entities/values.js';
import { connectionFailed, failureReason, secretsOf, serverReply } from '../connection/connection-error.js';
import type { MailTarget } from '../connection/mail-target.js';
import type { FetchedMessage } from './message-store.js';
import { parseMessage } from './parse-message.js';
import { syncParts } from './sync-parts.js';

export type Transaction = ToolContext['transaction'];

/** A failure of our own writes during a sync: not the mail server's fault, so not connection_failed. */
class StoreFailure extends Error {
  constructor(readonly original: unknown) {
    super('storing synced mail failed');
  }
}

export interface SyncResult {
  account_id: number;
  fetched: number;
  new_threads: number;
  new_messages: number;
  duration_ms: number;
}

const DAY_MS = 86_400_000;

/**
 * Reads an account's new mail from IMAP into threads. It follows a cursor per folder — UIDVALIDITY
 * and the last UID stored — so it asks only for what is new, however long the mailbox was away;
 * the first sync goes back sync_since_days. Mail is fetched with BODY.PEEK (the owner's mail stays
 * unread on the server) in batches of `syncBatch` mails and `syncBatchBytes` bytes, each parsed outside any transaction and stored
 * with its cursor move in one short transaction: a crash redoes at most one batch, and the
 * Message-ID check makes that harmless. A changed UIDVALIDITY reads the folder again, skipping
 * what is there. One process syncs an account at a time: a lease on the account row.
 *
 * Runs outside the caller's transaction (the tool and the job both give it `transaction`).
 */
export class EmailSyncService {
  constructor(private readonly deps: ServiceDeps<EmailConfig>) {}

  private get em() {
    return this.deps.em;
  }

  /** The account's folder cursors. */
  folderCursors(accountId: number): Promise<EmailFolder[]> {
    return this.em.find(EmailFolder, { accountId }, { orderBy: { id: 'asc' } });
  }

  /** Takes the account's lease and syncs it; sync_in_progress when another sync holds it. */
  async syncNow(accountId: number, transaction: Transaction): Promise<SyncResult> {
    const account = await this.deps.emailAccountsService.get(accountId);
    this.deps.emailAccountsService.assertUsable(account, 'sync');
    if (!(await this.takeLease(accountId))) {
      const [row] = await this.em.execute<{ sync_lease_until: Date }[]>(
        `select sync_lease_until from email_accounts where id = ? and shop_id = ?`,
        [accountId, this.deps.shop.id],
      );
      throw new ToolError(
        'sync_in_progress',
        `Email account ${accountId} is being synced; try again when it is done.`,
        {
          account_id: accountId,
          lease_until: row ? new Date(row.sync_lease_until).toISOString() : null,
        },
      );
    }
    return this.syncLeased(accountId, transaction);
  }

  /**
   * Syncs an account whose lease the caller holds, and lets it go. A failure is recorded on the
   * account (status, last error, backoff) and thrown as connection_failed.
   */
  async syncLeased(accountId: number, write: Transaction): Promise<SyncResult> {
    const transaction: Transaction = (work) =>
      write(work).catch((error: unknown) => {
        throw error instanceof ToolError ? error : new StoreFailure(error);
      });
    const started = performance.now();
    const result: SyncResult = { account_id: accountId, fetched: 0, new_threads: 0, new_messages: 0, duration_ms: 0 };
    let target: MailTarget | undefined;
    let client: ImapFlow | undefined;
    try {
      const account = await this.em.findOne(EmailAccount, { id: accountId, deletedAt: null });
      if (!account) throw notFound('email_account', accountId);
      target = await this.deps.emailAccountsService.imapTarget(account);
      client = await this.deps.emailConnector.imap(target);
      for (const folder of await this.folders(account, transaction))
        await this.syncFolder(client, account, folder, transaction, result);
      await transaction(async ({ services }) => {
        const fresh = await services.emailAccountsService.get(accountId);
        services.emailAccountsService.markHealthy(fresh);
        fresh.lastSyncedAt = new Date();
        await services.em.flush();
      });
    } catch (error) {
      if (error instanceof StoreFailure) throw error.original;
      if (error instanceof ToolError && error.code !== 'connection_failed') throw error;
      const failure =
        error instanceof ToolError ? error : connectionFailed('imap', error, target ? secretsOf(target) : []);
      await this.recordFailure(accountId, error, failure, target);
      throw failure;
    } finally {
      await client?.logout().catch(() => undefined);
      await this.releaseLease(accountId);
    }
    result.duration_ms = Math.round(performance.now() - started);
    return result;
  }

  /** Claims the account for one sync (a committed statement: other processes see it at once). */
  async takeLease(accountId: number): Promise<boolean> {
    const rows = await this.em.execute(
      `update email_accounts set sync_lease_until = now() + make_interval(secs => ?)
       where id = ? and shop_id = ? and deleted_at is null and (sync_lease_until is null or sync_lease_until < now())
       returning id`,
      [this.deps.config.syncLeaseSeconds, accountId, this.deps.shop.id],
    );
    return rows.length > 0;
  }

  private async releaseLease(accountId: number): Promise<void> {
    await this.em.execute(`update email_accounts set sync_lease_until = null where id = ? and shop_id = ?`, [
      accountId,
      this.deps.shop.id,
    ]);
  }

  private async extendLease(accountId: number): Promise<void> {
    await this.em.execute(
      `update email_accounts set sync_lease_until = now() + make_interval(secs => ?) where id = ? and shop_id = ?`,
      [this.deps.config.syncLeaseSeconds, accountId, this.deps.shop.id],
    );
  }

  /** The folders read: the inbox, and Sent (mail sent from other clients joins its threads). */
  private async folders(account: EmailAccount, transaction: Transaction): Promise<EmailFolder[]> {
    const wanted: { path: string; role: FolderRole }[] = [{ path: account.imapFolder, role: 'inbox' }];
    if (account.sentFolder && account.sentFolder !== account.imapFolder)
      wanted.push({ path: account.sentFolder, role: 'sent' });
    return transaction(async ({ services: { em } }) => {
      const rows: EmailFolder[] = [];
      for (const { path, role } of wanted) {
        let row = await em.findOne(EmailFolder, { accountId: account.id, path });
        row ??= em.create(EmailFolder, {
          accountId: account.id,
          path,
          role,
          uidValidity: null,
          lastUid: 0,
        } as EmailFolder);
        row.role = role;
        rows.push(row);
      }
      await em.flush();
      return rows;
    });
  }

  private async syncFolder(
    client: ImapFlow,
    account: EmailAccount,
    folder: EmailFolder,
    transaction: Transaction,
    result: SyncResult,
  ): Promise<void> {
    const lock = await client.getMailboxLock(folder.path, { readOnly: true });
    try {
      const box = client.mailbox;
      if (!box) return;
      const uidValidity = Number(box.uidValidity);
      const uidNext = Number(box.uidNext) || 0;
      const from =
        folder.uidValidity !== null && Number(folder.uidValidity) === uidValidity ? Number(folder.lastUid) : 0;
      if (folder.uidValidity !== null && from === 0)
        // The server renumbered the folder: read it again from the start; stored mail is skipped by Message-ID.
        await transaction(({ services: { em } }) =>
          em.execute(
            `update email_folders set uid_validity = ?, last_uid = 0, updated_at = now() where id = ? and shop_id = ?`,
            [uidValidity, folder.id, this.deps.shop.id],
          ),
        );
      let uids: number[] = [];
      if (box.exists > 0) {
        const found =
          from === 0
            ? await client.search({ since: new Date(Date.now() - account.syncSinceDays * DAY_MS) }, { uid: true })
            : await client.search({ uid: `${from + 1}:*` }, { uid: true });
        uids = (found || []).filter((uid) => uid > from).sort((a, b) => a - b);
      }
      const { syncBatch, syncBatchBytes } = this.deps.config;
      const parts = syncParts(uids, await this.sizes(client, uids), syncBatch, syncBatchBytes);
      // A batch is stored while the next one is fetched and parsed; stores still commit in order,
      // so the cursor only moves forward.
      let storing: Promise<void> = Promise.resolve();
      for (const part of parts) {
        const fetched: FetchedMessage[] = [];
        for await (const message of client.fetch(
          part.join(','),
          { uid: true, source: true, internalDate: true },
          { uid: true },
        )) {
          if (!message.source) continue;
          const internal = message.internalDate instanceof Date ? message.internalDate : new Date();
          fetched.push({ uid: message.uid, parsed: await parseMessage(message.source, internal) });
        }
        await storing;
        const step = this.store(account, folder, uidValidity, part[part.length - 1]!, fetched, transaction, result);
        step.catch(() => undefined);
        storing = step;
      }
      await storing;
      // Nothing newer than what the mailbox had when opened is missed: the cursor stops before it.
      await transaction(({ services: { em } }) =>
        em.execute(
          `update email_folders set uid_validity = ?, last_uid = greatest(last_uid, ?), last_synced_at = now(), updated_at = now()
           where id = ? and shop_id = ?`,
          [uidValidity, Math.max(0, uidNext - 1, uids[uids.length - 1] ?? 0), folder.id, this.deps.shop.id],
        ),
      );
    } finally {
      lock.release();
    }
  }

  /** The size of each mail to read (one FETCH of RFC822.SIZE over their range: a line per mail). */
  private async sizes(client: ImapFlow, uids: number[]): Promise<Map<number, number>> {
    const sizes = new Map<number, number>();
    if (uids.length === 0) return sizes;
    for await (const message of client.fetch(
      `${uids[0]}:${uids[uids.length - 1]}`,
      { uid: true, size: true },
      { uid: true },
    ))
      sizes.set(message.uid, message.size ?? 0);
    return sizes;
  }

  private async store(
    account: EmailAccount,
    folder: EmailFolder,
    uidValidity: number,
    lastUid: number,
    fetched: FetchedMessage[],
    transaction: Transaction,
    result: SyncResult,
  ): Promise<void> {
    const stored = await transaction(async ({ services }) => {
      const outcome = await services.emailMessageStore.storeBatch(
        { account, folder: { id: folder.id, path: folder.path, role: folder.role }, uidValidity, lastUid },
        fetched,
      );
      if (outcome.received.length > 0) await services.events.emitMany('email.received', outcome.received);
      return outcome;
    });
    result.fetched += fetched.length;
    result.new_messages += stored.stored;
    result.new_threads += stored.newThreads;
    await this.extendLease(account.id);
  }

  private async recordFailure(
    accountId: number,
    error: unknown,
    failure: ToolError,
    target?: MailTarget,
  ): Promise<void> {
    const reason = failureReason(error);
    const reply = serverReply(error, target ? secretsOf(target) : []) ?? failure.message;
    await this.em.execute(
      `update email_accounts set consecutive_failures = consecutive_failures + 1,
         status = case when not is_active then 'inactive' when ? then 'auth_error' else 'connection_error' end,
         last_error = ?, backoff_until = now() + make_interval(mins => least(60, power(2, consecutive_failures)::int)), updated_at = now()
       where id = ? and shop_id = ?`,
      [reason === 'auth' || failure.details.reason === 'auth', reply.slice(0, 500), accountId, this.deps.shop.id],
    );
  }
}
