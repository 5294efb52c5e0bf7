/** What is followed up: a conversation the customer left unanswered, a quote sent, a cart left. */
export const FOLLOWUP_TYPES: ['conversation', 'quote', 'cart'] = ['conversation', 'quote', 'cart'];
export type FollowupType = (typeof FOLLOWUP_TYPES)[number];

/**
 * scheduled → sent after its last attempt (scheduled again between attempts); replied, converted,
 * skipped (with a reason), cancelled and failed end a sequence.
 */
export const FOLLOWUP_STATUSES: ['scheduled', 'sent', 'replied', 'converted', 'skipped', 'cancelled', 'failed'] = [
  'scheduled',
  'sent',
  'replied',
  'converted',
  'skipped',
  'cancelled',
  'failed',
];
export type FollowupStatus = (typeof FOLLOWUP_STATUSES)[number];

export const SKIP_REASONS = ['replied', 'opted_out', 'outside_contact_window', 'agent_replied', 'expired'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

export interface FollowupReference {
  kind: 'quote' | 'cart';
  id: string;
  url?: string;
  total?: number;
  currency?: string;
}

/** How the send time was chosen, for the answer's explanation. */
export interface Timing {
  method: 'customer_activity' | 'shop_activity' | 'fixed_delay' | 'given';
  chosen_at: string;
  reason: string;
  histogram_samples: number;
}
