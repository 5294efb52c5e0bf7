import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * Every Message-ID a thread's messages carry or point to (their own, In-Reply-To, References):
 * a message joins the thread that knows any of its ids, so a reply whose parent never arrived
 * still meets its siblings, and a parent that arrives after its reply joins the reply's thread.
 */
export const EmailThreadKey = defineEntity({
  name: 'EmailThreadKey',
  tableName: 'email_thread_keys',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    accountId: p.integer(),
    messageKey: p.string().length(500),
    threadId: p.integer().index(),
  },
  uniques: [{ properties: ['accountId', 'messageKey'] }],
});
export type EmailThreadKey = InferEntity<typeof EmailThreadKey>;
