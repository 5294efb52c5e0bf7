/** The fixed vocabularies of the group's records and tools. */

export const ROUTING_ROLES: ['general', 'operations', 'marketing'] = ['general', 'operations', 'marketing'];
export type RoutingRole = (typeof ROUTING_ROLES)[number];

/** awaiting_pairing → connected → disconnected (→ awaiting_pairing again when reused by connect_chatapp). */
export const SESSION_STATUSES: ['awaiting_pairing', 'connected', 'disconnected'] = [
  'awaiting_pairing',
  'connected',
  'disconnected',
];
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** pending: the request is under way; sent: the network answered its id; unknown: the answer never came. */
export const SEND_ATTEMPT_STATUSES: ['pending', 'sent', 'unknown'] = ['pending', 'sent', 'unknown'];
export type SendAttemptStatus = (typeof SEND_ATTEMPT_STATUSES)[number];

/** Outbound: sending → sent → delivered → read, or failed. Inbound: received. */
export const MESSAGE_STATUSES: ['sending', 'sent', 'delivered', 'read', 'failed', 'received'] = [
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'received',
];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const DIRECTIONS: ['inbound', 'outbound'] = ['inbound', 'outbound'];
export type Direction = (typeof DIRECTIONS)[number];

/** The automatic senders the contact-window filter knows, as check_chatapp_contact_eligibility names them. */
export const BILLING_SOURCES: [
  'order_automation',
  'ecomA_order',
  'parts_progress',
  'recambios_envia_event',
  'campaign',
  'followup',
] = ['order_automation', 'ecomA_order', 'parts_progress', 'recambios_envia_event', 'campaign', 'followup'];
export type BillingSource = (typeof BILLING_SOURCES)[number];

/** scheduled → sending (claimed by the job) → sent | failed; scheduled → cancelled. */
export const SCHEDULED_STATUSES: ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] = [
  'scheduled',
  'sending',
  'sent',
  'failed',
  'cancelled',
];
export type ScheduledStatus = (typeof SCHEDULED_STATUSES)[number];

/**
 * A media attachment as the records keep it (the network's own wire shape): by URL, or, for
 * inbound media a network refers to by id, that id with the shop's stored copy (file_id) or the
 * reason it was not kept.
 */
export interface StoredMedia {
  url: string | null;
  mime_type: string;
  caption?: string;
  filename?: string;
  provider_media_id?: string;
  file_id?: number;
  not_kept?: string;
}
