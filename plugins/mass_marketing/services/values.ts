/** Where an unsubscribe came from: a reply with an unsubscribe word, the link in a campaign message, or an operator. */
export const UNSUBSCRIBE_SOURCES = ['reply', 'link', 'manual'] as const;
export type UnsubscribeSource = (typeof UNSUBSCRIBE_SOURCES)[number];

/** What an import reads. */
export const IMPORT_SOURCES = ['csv', 'manual', 'customers', 'crm', 'conversations', 'inactive', 'followup'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export const IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
