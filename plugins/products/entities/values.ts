export const PRODUCT_STATUSES = ['active', 'draft', 'archived', 'deleted'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const SYNC_MODES = ['full', 'incremental'] as const;
export type SyncMode = (typeof SYNC_MODES)[number];

/** running → completed, or failed (a page the store would not give; nothing was deleted). */
export const SYNC_STATUSES = ['running', 'completed', 'failed'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

/** pending → answered or rejected; answered ⇄ published (shown as an FAQ). */
export const QUESTION_STATUSES = ['pending', 'answered', 'published', 'rejected'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];

export const QUESTION_SOURCES = ['widget', 'chat', 'email', 'agent'] as const;
export type QuestionSource = (typeof QUESTION_SOURCES)[number];

/** How an answer reached the customer: over the messaging line, or by email from the shop's mailbox. */
export const NOTIFY_CHANNELS = ['whatsapp', 'email'] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];
