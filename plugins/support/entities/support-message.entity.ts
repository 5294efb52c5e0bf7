import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { AUTHORS, type Attachment } from './values.js';

/**
 * One message of a support thread. Support's replies are written by the operator's CLI, which has
 * no event bus: `announcedAt` stays null until the group's job announces them (support.replied).
 */
export const SupportMessage = defineEntity({
  name: 'SupportMessage',
  tableName: 'support_messages',
  indexes: [
    {
      name: 'support_messages_unannounced_index',
      expression: `create index "support_messages_unannounced_index" on "support_messages" ("id") where "announced_at" is null and "author" = 'support'`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    ticketId: p.integer().index(),
    author: p.enum(AUTHORS),
    body: p.text(),
    /** The storage group's files the message carries, as they were when attached. */
    attachments: p.json<Attachment[]>().onCreate(() => []),
    createdAt: p.datetime().onCreate(() => new Date()),
    announcedAt: p.datetime().nullable(),
  },
});
export type SupportMessage = InferEntity<typeof SupportMessage>;
