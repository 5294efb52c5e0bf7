import type { TlsMode } from '../../entities/values.js';

/** Credentials a server is logged in to with: a password, or an OAuth2 access token (XOAUTH2). */
export type MailSecret = { pass: string } | { accessToken: string };

/** One server of an account, with what logs in to it: built from a stored account or a test's fields. */
export interface MailTarget {
  host: string;
  port: number;
  tls: TlsMode;
  user: string;
  secret: MailSecret;
}

/** The TLS mode a port means when none is given: implicit TLS on 993 and 465, STARTTLS elsewhere. */
export const tlsForPort = (port: number): TlsMode => (port === 993 || port === 465 ? 'ssl' : 'starttls');
