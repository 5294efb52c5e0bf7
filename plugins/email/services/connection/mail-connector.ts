import { isIP } from 'node:net';
import { rootCertificates, type ConnectionOptions } from 'node:tls';
import type { ImapFlow } from 'imapflow';
import type { Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { NetworkGuard } from '../../../../core/index.js';
import type { EmailConfig } from '../../config.js';
import type { MailTarget } from './mail-target.js';

export type SmtpTransport = Transporter<SMTPPool.SentMessageInfo, SMTPPool.Options>;

/**
 * Opens IMAP and SMTP connections to a shop's servers: each host through the network guard (the
 * connection goes to the address it checked, with the host's name for TLS), TLS always — implicit
 * or STARTTLS required, so a password never crosses the wire in clear — and certificates verified
 * against the system's CAs plus the deployment's trustedCaPem.
 */
export class MailConnector {
  private readonly guard: NetworkGuard;
  private readonly config: EmailConfig;

  constructor({ networkGuard, config }: { networkGuard: NetworkGuard; config: EmailConfig }) {
    this.guard = networkGuard;
    this.config = config;
  }

  /** A logged-in IMAP client; the caller logs out. */
  async imap(target: MailTarget): Promise<ImapFlow> {
    const { address } = await this.guard.checkHost(target.host);
    const timeout = this.config.connectTimeoutMs;
    // imapflow and nodemailer load at first use: ~35 MB a server with no mail account never needs.
    const { ImapFlow } = await import('imapflow');
    const client = new ImapFlow({
      host: address,
      port: target.port,
      secure: target.tls === 'ssl',
      ...(target.tls === 'starttls' && { doSTARTTLS: true }),
      ...(this.serverName(target.host) && { servername: this.serverName(target.host) }),
      auth:
        'pass' in target.secret
          ? { user: target.user, pass: target.secret.pass }
          : { user: target.user, accessToken: target.secret.accessToken },
      tls: this.tls(target.host),
      logger: false,
      disableAutoIdle: true,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: Math.max(timeout * 4, 60_000),
    });
    // An error after connect (a dropped socket) must not become an unhandled 'error' event.
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /** An SMTP transport (pooled: several sends share logged-in connections); the caller closes it. */
  async smtp(target: MailTarget): Promise<SmtpTransport> {
    const { address } = await this.guard.checkHost(target.host);
    const timeout = this.config.connectTimeoutMs;
    const name = this.serverName(target.host);
    const nodemailer = (await import('nodemailer')).default;
    return nodemailer.createTransport({
      pool: true,
      maxConnections: 4,
      maxMessages: 500,
      host: address,
      port: target.port,
      secure: target.tls === 'ssl',
      requireTLS: target.tls === 'starttls',
      ...(name && { servername: name }),
      auth:
        'pass' in target.secret
          ? { user: target.user, pass: target.secret.pass }
          : { type: 'OAuth2', user: target.user, accessToken: target.secret.accessToken },
      tls: this.tls(target.host),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: Math.max(timeout * 4, 60_000),
      logger: false,
    } as SMTPPool.Options);
  }

  private serverName(host: string): string | undefined {
    const bare = host.replace(/^\[|\]$/g, '');
    return isIP(bare) ? undefined : bare;
  }

  private tls(host: string): ConnectionOptions {
    return {
      minVersion: 'TLSv1.2',
      ...(this.serverName(host) && { servername: this.serverName(host) }),
      ...(this.config.trustedCaPem && { ca: [...rootCertificates, this.config.trustedCaPem] }),
    };
  }
}
