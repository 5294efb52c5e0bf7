import type { ImapFlow } from 'imapflow';
import type { FastifyBaseLogger } from 'fastify';
import { ToolError } from '../../../../core/index.js';
import type { SetupContext } from '../../../../core/index.js';
import type { EmailConfig } from '../../config.js';

type WithShop = SetupContext<EmailConfig>['withShop'];

/** New mail is read this long after the server announced it (several announcements, one sync). */
const DEBOUNCE_MS = 250;
/** IDLE is broken and started again this often, as RFC 2177 asks (servers drop it after 30 minutes). */
const MAX_IDLE_MS = 20 * 60_000;

/**
 * One IMAP IDLE connection: the server tells us when mail arrives in the inbox, and the account is
 * synced at once (its sync lease keeps this and the polling job apart). A dropped connection is
 * opened again with a growing wait; a server without IDLE is left to the polling job.
 */
class IdleWatcher {
  private client: ImapFlow | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private syncing = false;
  private again = false;

  constructor(
    readonly accountId: number,
    private readonly shopId: number,
    private readonly withShop: WithShop,
    private readonly log: FastifyBaseLogger,
    private readonly onEnd: () => void,
  ) {}

  async run(): Promise<void> {
    let wait = 1000;
    while (!this.stopped) {
      try {
        const { client, folder } = await this.withShop(this.shopId, async ({ services }) => {
          const account = await services.emailAccountsService.get(this.accountId);
          const target = await services.emailAccountsService.imapTarget(account);
          return { client: await services.emailConnector.imap(target), folder: account.imapFolder };
        });
        this.client = client;
        if (this.stopped) break;
        if (!client.capabilities.has('IDLE')) break;
        client.on('exists', () => this.schedule());
        await client.mailboxOpen(folder, { readOnly: true });
        this.schedule();
        wait = 1000;
        while (!this.stopped && client.usable) {
          const breaker = setTimeout(() => void client.noop().catch(() => undefined), MAX_IDLE_MS);
          await client.idle();
          clearTimeout(breaker);
        }
      } catch (err) {
        if (err instanceof ToolError && err.code === 'not_found') break;
        this.log.debug({ err, accountId: this.accountId }, 'email IDLE connection lost');
      } finally {
        await this.client?.logout().catch(() => undefined);
        this.client = undefined;
      }
      if (!this.stopped) await new Promise((resolve) => (this.timer = setTimeout(resolve, wait)));
      wait = Math.min(wait * 2, 60_000);
    }
    this.onEnd();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    void this.client?.logout().catch(() => undefined);
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.sync(), DEBOUNCE_MS);
  }

  private async sync(): Promise<void> {
    if (this.syncing) {
      this.again = true;
      return;
    }
    this.syncing = true;
    try {
      await this.withShop(this.shopId, (ctx) =>
        ctx.services.emailSyncService.syncNow(this.accountId, (work) => ctx.transaction(work)),
      );
    } catch (err) {
      // Another process (or the polling job) is syncing it: look again shortly.
      if (err instanceof ToolError && err.code === 'sync_in_progress') this.again = true;
      else this.log.warn({ err, accountId: this.accountId }, 'email sync after IDLE failed');
    } finally {
      this.syncing = false;
      if (this.again && !this.stopped) {
        this.again = false;
        this.timer = setTimeout(() => void this.sync(), 2000);
      }
    }
  }
}

/** The process's IDLE connections, by account: kept by the watch job, closed with the server. */
export class IdleWatchers {
  private readonly watchers = new Map<number, IdleWatcher>();

  constructor(
    private readonly withShop: WithShop,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Watches exactly these accounts: new ones start, the others stop. */
  keep(accounts: { id: number; shopId: number }[]): void {
    const wanted = new Set(accounts.map((a) => a.id));
    for (const [id, watcher] of this.watchers) if (!wanted.has(id)) watcher.stop();
    for (const { id, shopId } of accounts) {
      if (this.watchers.has(id)) continue;
      const watcher = new IdleWatcher(id, shopId, this.withShop, this.log, () => {
        if (this.watchers.get(id) === watcher) this.watchers.delete(id);
      });
      this.watchers.set(id, watcher);
      void watcher.run();
    }
  }

  watching(): number[] {
    return [...this.watchers.keys()];
  }

  stopAll(): void {
    for (const watcher of this.watchers.values()) watcher.stop();
    this.watchers.clear();
  }
}
