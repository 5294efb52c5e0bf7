import { invalidArguments } from '../../../../core/index.js';
import type { AuthType, OauthProvider, SentCopyMode, TlsMode } from '../../entities/values.js';
import { tlsForPort } from '../connection/mail-target.js';

/** The account fields the tools take, as the spec names them (and ours after them). */
export interface AccountFields {
  label?: string | null;
  email_address?: string;
  auth_type?: AuthType;
  imap_host?: string | null;
  imap_port?: number;
  imap_user?: string | null;
  imap_password?: string | null;
  smtp_host?: string | null;
  smtp_port?: number;
  smtp_user?: string | null;
  smtp_password?: string | null;
  smtp_from_name?: string | null;
  agent_hashes?: string[];
  signature_html?: string | null;
  oauth_provider?: OauthProvider | null;
  is_active?: number;
  ai_classification_enabled?: number;
  imap_tls?: TlsMode;
  smtp_tls?: TlsMode;
  imap_folder?: string;
  sent_folder?: string | null;
  sent_copy?: SentCopyMode;
  sync_since_days?: number;
}

/** The connection an account resolves to once defaults are filled. */
export interface Connection {
  imapHost: string;
  imapPort: number;
  imapTls: TlsMode;
  imapUser: string;
  smtpHost: string;
  smtpPort: number;
  smtpTls: TlsMode;
  smtpUser: string;
}

/** Where each provider's servers are, for OAuth2 accounts that name no host. */
export const PROVIDER_SERVERS: Record<Exclude<OauthProvider, 'none'>, Omit<Connection, 'imapUser' | 'smtpUser'>> = {
  gmail: {
    imapHost: 'imap.gmail.com',
    imapPort: 993,
    imapTls: 'ssl',
    smtpHost: 'smtp.gmail.com',
    smtpPort: 465,
    smtpTls: 'ssl',
  },
  microsoft: {
    imapHost: 'outlook.office365.com',
    imapPort: 993,
    imapTls: 'ssl',
    smtpHost: 'smtp.office365.com',
    smtpPort: 587,
    smtpTls: 'starttls',
  },
};

/** Providers that file what is sent through their SMTP in Sent themselves. */
export const sentCopyFor = (provider: OauthProvider | null): SentCopyMode =>
  provider === 'gmail' || provider === 'microsoft' ? 'server' : 'append';

/**
 * The spec's rules for a new account: imap_host and smtp_host for basic, oauth_provider for
 * oauth2 (all missing fields named at once). Users default to the address, ports to 993 and 587,
 * TLS to what the port means; an OAuth2 provider fills the hosts it knows.
 */
export function resolveConnection(fields: AccountFields & { email_address: string }): Connection {
  const authType = fields.auth_type ?? 'basic';
  const provider = fields.oauth_provider ?? null;
  const missing: { path: string; message: string }[] = [];
  if (authType === 'basic') {
    if (!fields.imap_host) missing.push({ path: 'imap_host', message: 'is required for auth_type basic' });
    if (!fields.smtp_host) missing.push({ path: 'smtp_host', message: 'is required for auth_type basic' });
    if (!fields.imap_password)
      missing.push({
        path: 'imap_password',
        message: 'is required for auth_type basic (smtp_password defaults to it)',
      });
  } else if (!provider) {
    missing.push({ path: 'oauth_provider', message: 'is required for auth_type oauth2 (gmail, microsoft or none)' });
  } else if (provider === 'none' && (!fields.imap_host || !fields.smtp_host)) {
    missing.push({ path: 'imap_host', message: 'imap_host and smtp_host are required for oauth_provider none' });
  }
  if (missing.length > 0)
    throw invalidArguments(`Missing: ${missing.map((m) => m.path.slice(1)).join(', ')}.`, missing);
  const known = authType === 'oauth2' && provider && provider !== 'none' ? PROVIDER_SERVERS[provider] : undefined;
  const imapPort = fields.imap_port ?? known?.imapPort ?? 993;
  const smtpPort = fields.smtp_port ?? known?.smtpPort ?? 587;
  return {
    imapHost: fields.imap_host ?? known!.imapHost,
    imapPort,
    imapTls: fields.imap_tls ?? (fields.imap_port === undefined && known ? known.imapTls : tlsForPort(imapPort)),
    imapUser: fields.imap_user ?? fields.email_address,
    smtpHost: fields.smtp_host ?? known!.smtpHost,
    smtpPort,
    smtpTls: fields.smtp_tls ?? (fields.smtp_port === undefined && known ? known.smtpTls : tlsForPort(smtpPort)),
    smtpUser: fields.smtp_user ?? fields.email_address,
  };
}

/** An address as stored and compared: trimmed, the domain in lower case (local parts may be case-sensitive, but nobody relies on it). */
export const normalizeAddress = (address: string): string => address.trim().toLowerCase();
