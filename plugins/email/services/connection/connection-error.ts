import { ToolError } from '../../../../core/index.js';

export type FailureReason = 'auth' | 'tls' | 'timeout' | 'refused' | 'protocol';

interface MailError {
  code?: string;
  message?: string;
  authenticationFailed?: boolean;
  responseText?: string;
  response?: string;
  responseCode?: number;
}

const TLS_PATTERN = /CERT|TLS|SSL|certificate|self.signed|altname/i;

/** What went wrong talking to a mail server, as a reason a user can act on. */
export function failureReason(error: unknown): FailureReason {
  const e = (error ?? {}) as MailError;
  const code = e.code ?? '';
  if (e.authenticationFailed || code === 'EAUTH' || e.responseCode === 535 || e.responseCode === 534) return 'auth';
  if (TLS_PATTERN.test(code) || TLS_PATTERN.test(e.message ?? '')) return 'tls';
  if (/TIMEOUT|ETIMEDOUT/i.test(code) || /timed? ?out/i.test(e.message ?? '')) return 'timeout';
  if (['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'ECONNRESET', 'ECONNECTION'].includes(code))
    return 'refused';
  return 'protocol';
}

/** The server's own words, when it said something, without any secret the caller knows of. */
export function serverReply(error: unknown, secrets: readonly string[]): string | null {
  const e = (error ?? {}) as MailError;
  const reply = e.responseText ?? e.response ?? e.message ?? null;
  if (reply === null) return null;
  return secrets.reduce((text, secret) => (secret ? text.split(secret).join('[REDACTED]') : text), reply).slice(0, 500);
}

/** connection_failed for one side of an account: nothing was stored. */
export function connectionFailed(side: 'imap' | 'smtp', error: unknown, secrets: readonly string[]): ToolError {
  const reason = failureReason(error);
  const reply = serverReply(error, secrets);
  const what = {
    auth: 'refused the login',
    tls: 'failed the TLS check',
    timeout: 'did not answer in time',
    refused: 'could not be reached',
    protocol: 'answered with an error',
  }[reason];
  return new ToolError(
    'connection_failed',
    `The ${side.toUpperCase()} server ${what}${reply ? `: ${reply}` : ''}. Nothing was stored.`,
    { side, reason, server_reply: reply },
  );
}

export const secretsOf = (...targets: { secret: { pass: string } | { accessToken: string } }[]): string[] =>
  targets.map((t) => ('pass' in t.secret ? t.secret.pass : t.secret.accessToken));
