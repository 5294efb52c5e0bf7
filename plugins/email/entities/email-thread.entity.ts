import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { THREAD_STATUSES } from './values.js';

/**
 * A conversation by mail with one counterpart, built from Message-ID, In-Reply-To and References.
 * `counterpart` is the other side's address (lower case), what the phone backfill resolves.
 * Snoozed is `open` with `snoozedUntil` ahead: it comes back by itself.
 */
export const EmailThread = defineEntity({
  name: 'EmailThread',
  tableName: 'email_threads',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    accountId: p.integer(),
    subject: p.text(),
    subjectKey: p.string().length(200),
    counterpart: p.string().length(254),
    participants: p.json<string[]>(),
    phone: p.string().length(20).nullable(),
    /** When backfill_email_phones last looked for this thread's phone and found none. */
    phoneCheckedAt: p.datetime().nullable(),
    status: p.enum([...THREAD_STATUSES]),
    assignedAgentId: p.integer().nullable(),
    category: p.string().length(20).nullable(),
    intent: p.string().length(40).nullable(),
    priority: p.string().length(10).nullable(),
    classifiedBy: p.string().length(20).nullable(),
    unread: p.boolean(),
    snoozedUntil: p.datetime().nullable(),
    messageCount: p.integer(),
    lastMessageAt: p.datetime(),
    lastInboundAt: p.datetime().nullable(),
    firstResponseAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [
    { properties: ['shopId', 'lastMessageAt', 'id'] },
    // The inbox's views — by status, by agent, by mailbox, by category and unread — each find their
    // page and count their first 10,001 threads in an index, not in a scan of the shop's threads.
    { name: 'email_threads_by_status_index', properties: ['shopId', 'status', 'lastMessageAt', 'id'] },
    { name: 'email_threads_by_agent_index', properties: ['shopId', 'assignedAgentId', 'lastMessageAt', 'id'] },
    { name: 'email_threads_by_account_index', properties: ['accountId', 'lastMessageAt', 'id'] },
    { name: 'email_threads_by_category_index', properties: ['shopId', 'category', 'unread'] },
    { properties: ['shopId', 'counterpart'] },
    {
      name: 'email_threads_subject_trgm_index',
      expression: `create index "email_threads_subject_trgm_index" on "email_threads" using gin ("subject" gin_trgm_ops)`,
    },
    {
      name: 'email_threads_counterpart_trgm_index',
      expression: `create index "email_threads_counterpart_trgm_index" on "email_threads" using gin ("counterpart" gin_trgm_ops)`,
    },
    {
      name: 'email_threads_without_phone_index',
      expression: `create index "email_threads_without_phone_index" on "email_threads" ("shop_id", "id") where "phone" is null`,
    },
  ],
});
export type EmailThread = InferEntity<typeof EmailThread>;
