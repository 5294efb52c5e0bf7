/**
 * The notification vocabulary. Each type names what happened and who is told: assignments go to
 * the agent, shop-wide news to the owner, announcements to whom the caller names.
 */
export const NOTIFICATION_TYPES = [
  'ticket_assigned',
  'ticket_p0',
  'campaign_finished',
  'campaign_paused',
  'line_disconnected',
  'credits_low',
  'webhooks_disabled',
  'booking_created',
  'task_assigned',
  'task_due',
  'support_reply',
  'referral_rewarded',
  'announcement',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const DELIVERY_STATUSES = ['scheduled', 'sending', 'sent', 'failed', 'cancelled'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The owner is recipient 0 in the tables (agents are never 0), `owner` in the tools. */
export const OWNER = 0;

/** A recipient as the tools name it. */
export type Recipient = 'owner' | number;

export const toRecipientId = (recipient: Recipient): number => (recipient === 'owner' ? OWNER : recipient);
export const toRecipient = (id: number): Recipient => (id === OWNER ? 'owner' : id);

/** What a shop chose for one type; types it never set are on in the dashboard and off on the phone. */
export interface TypeSetting {
  enabled: boolean;
  chatapp: boolean;
}
export const DEFAULT_TYPE_SETTING: TypeSetting = { enabled: true, chatapp: false };

/** Local times `HH:MM` in the shop's timezone; a window may cross midnight (22:00–07:00). */
export interface QuietHours {
  start: string;
  end: string;
}
