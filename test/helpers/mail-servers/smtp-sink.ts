import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { readFileSync } from 'node:fs';
import type { ImapFlow } from 'imapflow';
import type { Dovecot } from './dovecot.js';
import { freePort } from '../server-process.js';

/** One mail the server accepted. */
export interface Received {
  user: string;
  from: string;
  to: string[];
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  subject: string;
  raw: Buffer;
}

export interface SmtpSinkOptions {
  /** The run's Dovecot: its certificate is the server's, and its Sent folders are where `filing` users' mail goes. */
  imap: Dovecot;
  /** Implicit TLS (as 465) instead of STARTTLS required (as 587). */
  secure?: boolean;
}

/**
 * A real SMTP server on loopback (nodemailer's smtp-server): STARTTLS or implicit TLS with the
 * test certificate, AUTH PLAIN/LOGIN against its users and XOAUTH2 against its tokens, and every
 * accepted mail recorded. `failNext` makes it answer the next mails with a 4xx or 5xx.
 */
export class SmtpSink {
  readonly received: Received[] = [];
  readonly users = new Map<string, string>();
  readonly tokens = new Map<string, string>();
  /**
   * The users whose accepted mail is filed in their Sent folder before the server answers 250, as
   * Gmail and Exchange file what they relay: a mail is in Sent exactly when it was accepted.
   */
  readonly filing = new Set<string>();
  /** One IMAP connection per filing user, kept for the server's life. */
  private readonly filers = new Map<string, Promise<ImapFlow>>();
  private readonly failures: { code: number; message: string }[] = [];
  private server!: SMTPServer;
  port = 0;

  constructor(private readonly options: SmtpSinkOptions) {}

  async start(): Promise<this> {
    this.port = await freePort();
    const options: SMTPServerOptions = {
      secure: this.options.secure ?? false,
      key: readFileSync(this.options.imap.keyPath, 'utf8'),
      cert: this.options.imap.caPem,
      authMethods: ['PLAIN', 'LOGIN', 'XOAUTH2'],
      size: 30 * 1024 * 1024,
      logger: false,
      disabledCommands: this.options.secure ? ['STARTTLS'] : [],
      hideSTARTTLS: false,
      onAuth: (auth, _session, callback) => {
        const ok =
          auth.method === 'XOAUTH2'
            ? this.tokens.get(auth.username!) === auth.accessToken
            : this.users.get(auth.username!) === auth.password;
        if (!ok)
          return callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
        callback(null, { user: auth.username });
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const failure = this.failures.shift();
          if (failure) return callback(Object.assign(new Error(failure.message), { responseCode: failure.code }));
          const raw = Buffer.concat(chunks);
          void this.accept(String(session.user), session.envelope, raw).then(() => callback(), callback);
        });
      },
    };
    this.server = new SMTPServer(options);
    this.server.on('error', () => undefined);
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    return this;
  }

  addUser(user: string, password: string): void {
    this.users.set(user, password);
  }

  /** The next `count` mails are answered with this code (4xx: try later; 5xx: refused). */
  failNext(code: number, message: string, count = 1): void {
    for (let i = 0; i < count; i++) this.failures.push({ code, message });
  }

  for(user: string): Received[] {
    return this.received.filter((r) => r.user === user);
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const filer of this.filers.values()) await (await filer).logout().catch(() => undefined);
  }

  private async accept(
    user: string,
    envelope: { mailFrom: false | { address: string }; rcptTo: { address: string }[] },
    raw: Buffer,
  ) {
    if (this.filing.has(user)) {
      let filer = this.filers.get(user);
      if (!filer) this.filers.set(user, (filer = this.options.imap.client(user, this.users.get(user)!)));
      await (await filer).append('Sent', raw, ['\\Seen']);
    }
    const mail = await simpleParser(raw);
    this.received.push({
      user,
      from: envelope.mailFrom ? envelope.mailFrom.address : '',
      to: envelope.rcptTo.map((r) => r.address),
      messageId: mail.messageId ?? null,
      inReplyTo: mail.inReplyTo ?? null,
      references: Array.isArray(mail.references) ? mail.references : mail.references ? [mail.references] : [],
      subject: mail.subject ?? '',
      raw,
    });
  }
}
