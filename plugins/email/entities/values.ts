/** The value sets the email group's records and tools share. */
export const AUTH_TYPES: ['basic', 'oauth2'] = ['basic', 'oauth2'];
export type AuthType = (typeof AUTH_TYPES)[number];

export const OAUTH_PROVIDERS: ['gmail', 'microsoft', 'none'] = ['gmail', 'microsoft', 'none'];
export type OauthProvider = (typeof OAUTH_PROVIDERS)[number];

/** ssl: TLS from the first byte (993, 465). starttls: plain greeting, then upgraded before any login. */
export const TLS_MODES: ['ssl', 'starttls'] = ['ssl', 'starttls'];
export type TlsMode = (typeof TLS_MODES)[number];

/** server: the provider files what we send in Sent itself (Gmail, Exchange). append: we APPEND it after the send. */
export const SENT_COPY_MODES: ['server', 'append', 'none'] = ['server', 'append', 'none'];
export type SentCopyMode = (typeof SENT_COPY_MODES)[number];

export const ACCOUNT_STATUSES: ['active', 'inactive', 'auth_error', 'connection_error'] = [
  'active',
  'inactive',
  'auth_error',
  'connection_error',
];
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const THREAD_STATUSES: ['open', 'pending', 'closed', 'spam'] = ['open', 'pending', 'closed', 'spam'];
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

export const DIRECTIONS: ['inbound', 'outbound'] = ['inbound', 'outbound'];
export type Direction = (typeof DIRECTIONS)[number];

/** received: inbound. Outbound: scheduled → queued → sending → sent | failed. */
export const MESSAGE_STATUSES: ['received', 'scheduled', 'queued', 'sending', 'sent', 'failed'] = [
  'received',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'failed',
];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const PHONE_SOURCES: ['manual', 'crm', 'customers', 'storefront'] = ['manual', 'crm', 'customers', 'storefront'];
export type PhoneSource = (typeof PHONE_SOURCES)[number];

export const CATEGORIES: ['order', 'shipping', 'return', 'billing', 'product', 'complaint', 'spam', 'other'] = [
  'order',
  'shipping',
  'return',
  'billing',
  'product',
  'complaint',
  'spam',
  'other',
];
export type Category = (typeof CATEGORIES)[number];

export const FOLDER_ROLES: ['inbox', 'sent'] = ['inbox', 'sent'];
export type FolderRole = (typeof FOLDER_ROLES)[number];

/** An address as a message names it. */
export interface MailAddress {
  address: string;
  name: string | null;
}
