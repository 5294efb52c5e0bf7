export { PLATFORM_TYPES, type PlatformType } from '../services/connectors/types.js';

/** active: the last check passed. error: the store refused the credentials or did not answer the last time it was asked. */
export const CONNECTION_STATUSES = ['active', 'error'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** How changes reach us: pushed by the platform's webhooks, or read by polling. */
export const FEED_MODES = ['webhooks', 'polling'] as const;
export type FeedMode = (typeof FEED_MODES)[number];

export const LOCALE_MODES = ['auto', 'fixed'] as const;
export type LocaleMode = (typeof LOCALE_MODES)[number];

/**
 * accepted: verified, new, acted on. ping: verified, a platform's check that the endpoint works.
 * rejected_signature: refused, nothing done. failed: verified but could not be acted on.
 * A repeat of an accepted one is not a row of its own: it counts in that row's `duplicates`.
 */
export const INBOUND_STATUSES = ['accepted', 'ping', 'rejected_signature', 'failed'] as const;
export type InboundStatus = (typeof INBOUND_STATUSES)[number];

export const INBOUND_SOURCES = ['webhook', 'poll'] as const;
export type InboundSource = (typeof INBOUND_SOURCES)[number];
