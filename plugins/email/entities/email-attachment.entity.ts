import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A file uploaded to go with outbound mail. It is kept while a message uses it; one never used
 * goes after a day (the purge job).
 */
export const EmailAttachment = defineEntity({
  name: 'EmailAttachment',
  tableName: 'email_attachments',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    filename: p.string().length(255),
    contentType: p.string().length(255),
    size: p.integer(),
    sha256: p.string().length(64),
    content: p.blob(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type EmailAttachment = InferEntity<typeof EmailAttachment>;
