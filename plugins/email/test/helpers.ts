import { expect } from 'chai';
import type { ImapFlow } from 'imapflow';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootKernel } from '../../../test/helpers/boot.js';
import { caller as shopCaller, ok } from '../../../test/helpers/ops-kernel.js';
import { dovecot, type Dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';

export { freshUser, newMailbox } from '../../../test/helpers/mail-servers/mailbox.js';

export const SYNC_JOB = 'email.sync-email-accounts';

export interface MailWorld {
  k: TestKernel;
  imap: Dovecot;
  smtp: SmtpSink;
}

/**
 * A kernel with the email group (and agents, crm, customers) trusting the test servers'
 * certificate, the run's Dovecot, and an SMTP server of this file's own that files what it
 * accepts in the sender's Sent folder (as Gmail does) when `fileSent` is on.
 */
export async function bootEmail(
  options: { config?: Record<string, unknown>; fileSent?: boolean } = {},
): Promise<MailWorld> {
  const imap = await dovecot();
  const smtp = await new SmtpSink({ imap }).start();
  const world: MailWorld = { k: undefined as never, imap, smtp };
  world.k = await emailKernel(world, options);
  return world;
}

/** Another kernel on the same database and mail servers: a second process of the deployment. */
export function emailKernel(
  world: Pick<MailWorld, 'imap'>,
  options: { config?: Record<string, unknown>; kernel?: Record<string, unknown>; groups?: string[] } = {},
): Promise<TestKernel> {
  return bootKernel({
    groups: ['agents', 'customers', 'crm', 'email', ...(options.groups ?? [])],
    overrides: {
      ...options.kernel,
      groups: { email: { enabled: true, config: { trustedCaPem: world.imap.caPem, ...options.config } } },
    },
  });
}

export function caller(k: TestKernel, token: string) {
  return {
    ...shopCaller(k, token),
    /** A confirmed tool: the first call describes, the second (confirm: true) runs. */
    confirmed: async (tool: string, args: Record<string, unknown>) => {
      const first = await k.call(token, tool, args);
      expect(first.payload, JSON.stringify(first.payload)).to.include({ requires_confirmation: true });
      return ok(k, token, tool, { ...args, confirm: true });
    },
  };
}

/** An RFC 5322 message as a mail client would send it. */
export function rawMail(m: {
  from: string;
  to: string;
  subject: string;
  text?: string;
  html?: string;
  messageId?: string | null;
  inReplyTo?: string;
  references?: string[];
  date?: Date;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}): string {
  const headers = [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${m.subject}`,
    `Date: ${(m.date ?? new Date()).toUTCString()}`,
    ...(m.messageId === null
      ? []
      : [`Message-ID: ${m.messageId ?? `<${Math.random().toString(36).slice(2)}@sender.example>`}`]),
    ...(m.inReplyTo ? [`In-Reply-To: ${m.inReplyTo}`] : []),
    ...(m.references?.length ? [`References: ${m.references.join(' ')}`] : []),
    'MIME-Version: 1.0',
  ];
  if (m.attachments?.length) {
    const boundary = `b-${Math.random().toString(36).slice(2)}`;
    const parts = [
      [
        m.html ? 'Content-Type: text/html; charset=utf-8' : 'Content-Type: text/plain; charset=utf-8',
        '',
        m.html ?? m.text ?? 'Hello',
      ],
      ...m.attachments.map((a) => [
        `Content-Type: ${a.contentType}; name="${a.filename}"`,
        `Content-Disposition: attachment; filename="${a.filename}"`,
        'Content-Transfer-Encoding: base64',
        '',
        a.content.toString('base64'),
      ]),
    ];
    return [
      ...headers,
      `Content-Type: multipart/mixed; boundary="${boundary}"`,
      '',
      ...parts.flatMap((part) => [`--${boundary}`, ...part]),
      `--${boundary}--`,
      '',
    ].join('\r\n');
  }
  if (m.html) return [...headers, 'Content-Type: text/html; charset=utf-8', '', m.html, ''].join('\r\n');
  return [...headers, 'Content-Type: text/plain; charset=utf-8', '', m.text ?? 'Hello', ''].join('\r\n');
}

/** Appends mail to a user's folder, as if it had arrived. */
export async function deliver(
  world: MailWorld,
  mailbox: { user: string; password: string },
  mails: string[],
  folder = 'INBOX',
) {
  const client: ImapFlow = await world.imap.client(mailbox.user, mailbox.password);
  try {
    for (const mail of mails) await client.append(folder, mail);
  } finally {
    await client.logout();
  }
}
