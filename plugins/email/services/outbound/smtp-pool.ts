import { createHash } from 'node:crypto';
import type { MailConnector, SmtpTransport } from '../connection/mail-connector.js';
import type { MailTarget } from '../connection/mail-target.js';

/** A transport unused this long is closed (its pooled connections with it). */
const IDLE_MS = 60_000;

interface Entry {
  key: string;
  transport: Promise<SmtpTransport>;
  lastUsed: number;
}

/**
 * The process's SMTP transports, one per account: pooled, logged-in connections that the
 * account's sends share (a new TLS handshake and login per mail would cap a mailbox at a few
 * sends a second). A transport is made again when the account's server or credentials change,
 * and closed after a minute unused and when the server stops.
 */
export class SmtpPool {
  private readonly entries = new Map<number, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor() {
    this.sweeper = setInterval(() => this.sweep(), IDLE_MS);
    this.sweeper.unref();
  }

  async get(accountId: number, target: MailTarget, connector: MailConnector): Promise<SmtpTransport> {
    const key = createHash('sha256').update(JSON.stringify(target)).digest('hex');
    const current = this.entries.get(accountId);
    if (current && current.key === key) {
      current.lastUsed = Date.now();
      return current.transport;
    }
    if (current) this.close(accountId);
    const entry: Entry = { key, transport: connector.smtp(target), lastUsed: Date.now() };
    this.entries.set(accountId, entry);
    entry.transport.catch(() => this.entries.get(accountId) === entry && this.entries.delete(accountId));
    return entry.transport;
  }

  /** Drops an account's transport (a send failed in a way that may be the connection's). */
  close(accountId: number): void {
    const entry = this.entries.get(accountId);
    if (!entry) return;
    this.entries.delete(accountId);
    entry.transport.then((t) => t.close()).catch(() => undefined);
  }

  closeAll(): void {
    clearInterval(this.sweeper);
    for (const id of [...this.entries.keys()]) this.close(id);
  }

  private sweep(): void {
    const cutoff = Date.now() - IDLE_MS;
    for (const [id, entry] of this.entries) if (entry.lastUsed < cutoff) this.close(id);
  }
}
