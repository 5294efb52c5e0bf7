/** The support vocabulary (ours: the spec names the group only). */
export const SUPPORT_CATEGORIES: ['billing', 'technical', 'messaging', 'ai', 'other'] = [
  'billing',
  'technical',
  'messaging',
  'ai',
  'other',
];
export type SupportCategory = (typeof SUPPORT_CATEGORIES)[number];

export const SUPPORT_PRIORITIES: ['low', 'normal', 'high', 'urgent'] = ['low', 'normal', 'high', 'urgent'];
export type SupportPriority = (typeof SUPPORT_PRIORITIES)[number];

/**
 * open (nobody at the platform answered yet) → awaiting_customer (support answered) ⇄
 * awaiting_support (the shop answered) → resolved (support) → closed (the shop, or 14 days after
 * resolved). A shop reply to a resolved ticket reopens it.
 */
export const SUPPORT_STATUSES: ['open', 'awaiting_support', 'awaiting_customer', 'resolved', 'closed'] = [
  'open',
  'awaiting_support',
  'awaiting_customer',
  'resolved',
  'closed',
];
export type SupportStatus = (typeof SUPPORT_STATUSES)[number];

export const AUTHORS: ['shop', 'support'] = ['shop', 'support'];
export type Author = (typeof AUTHORS)[number];

export const NOTICE_KINDS: ['maintenance', 'incident', 'info'] = ['maintenance', 'incident', 'info'];
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** A file a support message carries (the storage group's record, as attached; the key tells the operator where the bytes are). */
export interface Attachment {
  file_id: number;
  filename: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
}

/** Files one support message may carry. */
export const MAX_ATTACHMENTS = 5;
