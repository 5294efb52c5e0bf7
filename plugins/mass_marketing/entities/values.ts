/** Where an unsubscribe came from: a reply with an unsubscribe word, the link in a campaign message, or an operator. */
export const UNSUBSCRIBE_SOURCES = ['reply', 'link', 'manual'] as const;
export type UnsubscribeSource = (typeof UNSUBSCRIBE_SOURCES)[number];

/** What an import reads. */
export const IMPORT_SOURCES = ['csv', 'manual', 'customers', 'crm', 'conversations', 'inactive', 'followup'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/**
 * The campaign vocabulary. Status values are ours (the spec names the states, not their values):
 * draft → scheduled / pending_approval → running ⇄ paused → completed → archived, and cancelled.
 */
export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'pending_approval',
  'running',
  'paused',
  'completed',
  'cancelled',
  'archived',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Statuses in which a campaign still needs its contact list: deleting the list is refused then. */
export const LIST_IN_USE_STATUSES: CampaignStatus[] = ['scheduled', 'pending_approval', 'running', 'paused'];

/** One run per send (a one-off campaign has one; a recurring one gets one per cron occurrence). */
export const RUN_STATUSES = ['sending', 'completed', 'cancelled'] as const;

/**
 * A recipient row: pending → sending (claimed) → sent → delivered → read, then replied or
 * unsubscribed; or failed / skipped (with a reason). Order matters: receipts only move forward.
 */
export const RECIPIENT_STATUSES = [
  'pending',
  'sending',
  'sent',
  'delivered',
  'read',
  'replied',
  'unsubscribed',
  'failed',
  'skipped',
] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];

export const MEDIA_TYPES = ['image', 'video', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Why a running campaign was paused by the engine rather than by a person. */
export const PAUSE_REASONS = ['manual', 'insufficient_credits'] as const;

/** Credits per campaign message (spec, Limits): twice a normal message. */
export const CAMPAIGN_MESSAGE_COST = 1000;

/** The send path's billing source for campaign messages and their auto-replies. */
export const CAMPAIGN_BILLING_SOURCE = 'campaign';
