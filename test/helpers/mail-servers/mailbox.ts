import type { Dovecot } from './dovecot.js';
import type { SmtpSink } from './smtp-sink.js';

let mailboxes = 0;
/** A mailbox name no other test of this run uses (the run's Dovecot is shared). */
export const freshUser = (prefix = 'shop') =>
  `${prefix}${++mailboxes}-${process.pid}-${Date.now() % 100_000}@example.test`;

/** A new mailbox user on both servers, and the fields create_email_account takes for it. */
export function newMailbox(
  servers: { imap: Dovecot; smtp: SmtpSink },
  extra: Record<string, unknown> = {},
  user = freshUser(),
) {
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  servers.imap.addUser(user, password);
  servers.smtp.addUser(user, password);
  return {
    user,
    password,
    args: {
      action: 'create',
      email_address: user,
      imap_host: '127.0.0.1',
      imap_port: servers.imap.starttlsPort,
      imap_password: password,
      smtp_host: '127.0.0.1',
      smtp_port: servers.smtp.port,
      ...extra,
    } as Record<string, unknown>,
  };
}
