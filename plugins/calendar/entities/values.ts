/** The value sets the calendar's records and tools share. */
export const RULE_TYPES: ['weekly', 'date_exception', 'blocked'] = ['weekly', 'date_exception', 'blocked'];
export type RuleType = (typeof RULE_TYPES)[number];

export const NOTIFICATION_TYPES: ['confirmation', 'reminder', 'cancellation', 'follow_up', 'no_show'] = [
  'confirmation',
  'reminder',
  'cancellation',
  'follow_up',
  'no_show',
];
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** `whatsapp` is the messaging channel, named as the interface names it. */
export const NOTIFICATION_CHANNELS: ['whatsapp', 'email', 'both'] = ['whatsapp', 'email', 'both'];
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const AGENT_ROLES: ['owner', 'can_book', 'view_only'] = ['owner', 'can_book', 'view_only'];
export type AgentRole = (typeof AGENT_ROLES)[number];

export const EVENT_STATUSES: ['pending', 'confirmed', 'cancelled', 'rejected', 'completed', 'no_show'] = [
  'pending',
  'confirmed',
  'cancelled',
  'rejected',
  'completed',
  'no_show',
];
export type EventStatus = (typeof EVENT_STATUSES)[number];

/** Statuses that hold their time: they count as busy for slots and capacity. */
export const HOLDING_STATUSES: EventStatus[] = ['pending', 'confirmed'];

export const DELIVERY_STATUSES: ['scheduled', 'sending', 'sent', 'failed', 'skipped', 'cancelled'] = [
  'scheduled',
  'sending',
  'sent',
  'failed',
  'skipped',
  'cancelled',
];
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
