import { ToolError } from '../../../../core/index.js';
import type { MailConnector } from './mail-connector.js';
import { connectionFailed, failureReason, secretsOf, serverReply, type FailureReason } from './connection-error.js';
import type { MailTarget } from './mail-target.js';

export interface SideResult {
  ok: boolean;
  latency_ms: number;
  /** IMAP: what the server offers (IDLE, CONDSTORE, SPECIAL-USE…); SMTP: none. */
  capabilities: string[];
  error: { reason: FailureReason; server_reply: string | null } | null;
}

interface Login {
  capabilities: string[];
  sentFolder: string | null;
}

/** Logs in to an account's two servers and says how each went; stores nothing. */
export class ConnectionTester {
  private readonly connector: MailConnector;

  constructor({ emailConnector }: { emailConnector: MailConnector }) {
    this.connector = emailConnector;
  }

  async test(imap: MailTarget, smtp: MailTarget): Promise<{ imap: SideResult; smtp: SideResult }> {
    const [imapResult, smtpResult] = await Promise.all([this.testImap(imap), this.testSmtp(smtp)]);
    return { imap: imapResult, smtp: smtpResult };
  }

  /**
   * Both sides must log in: connection_failed names the first that did not, a host that does not
   * resolve included (reason refused); a host the network guard refuses is url_not_allowed. Returns
   * the Sent folder the server marks (SPECIAL-USE).
   */
  async require(imap: MailTarget, smtp: MailTarget): Promise<{ sentFolder: string | null }> {
    const [imapOutcome, smtpOutcome] = await Promise.allSettled([this.loginImap(imap), this.loginSmtp(smtp)]);
    const secrets = secretsOf(imap, smtp);
    for (const [side, outcome] of [
      ['imap', imapOutcome],
      ['smtp', smtpOutcome],
    ] as const)
      if (outcome.status === 'rejected') {
        if (outcome.reason instanceof ToolError) throw outcome.reason;
        throw connectionFailed(side, outcome.reason, secrets);
      }
    return { sentFolder: (imapOutcome as PromiseFulfilledResult<Login>).value.sentFolder };
  }

  private async testImap(target: MailTarget): Promise<SideResult> {
    return this.timed(async () => (await this.loginImap(target)).capabilities, secretsOf(target));
  }

  private async testSmtp(target: MailTarget): Promise<SideResult> {
    return this.timed(async () => {
      await this.loginSmtp(target);
      return [];
    }, secretsOf(target));
  }

  private async loginImap(target: MailTarget): Promise<Login> {
    const client = await this.connector.imap(target);
    try {
      const capabilities = [...client.capabilities.keys()].sort();
      const sent = (await client.list()).find((box) => box.specialUse === '\\Sent');
      return { capabilities, sentFolder: sent?.path ?? null };
    } finally {
      await client.logout().catch(() => undefined);
    }
  }

  private async loginSmtp(target: MailTarget): Promise<void> {
    const transport = await this.connector.smtp(target);
    try {
      await transport.verify();
    } finally {
      transport.close();
    }
  }

  private async timed(work: () => Promise<string[]>, secrets: string[]): Promise<SideResult> {
    const started = performance.now();
    try {
      const capabilities = await work();
      return { ok: true, latency_ms: Math.round(performance.now() - started), capabilities, error: null };
    } catch (error) {
      if (error instanceof ToolError) throw error;
      return {
        ok: false,
        latency_ms: Math.round(performance.now() - started),
        capabilities: [],
        error: { reason: failureReason(error), server_reply: serverReply(error, secrets) },
      };
    }
  }
}
