import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { RULE_MATCHES, RULE_TYPES, RULE_WHEN } from './values.js';

/** An auto-reply rule: one answer to an inbound message, run by the workflow engine as a one-step run. */
export const AutoReplyRule = defineEntity({
  name: 'AutoReplyRule',
  tableName: 'automation_rules',
  indexes: [{ properties: ['shopId', 'enabled'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    type: p.enum(RULE_TYPES),
    name: p.string().length(120),
    /** The lines it answers on; empty: all. */
    sessionIds: p.json<number[]>(),
    keywords: p.json<string[]>(),
    match: p.enum(RULE_MATCHES),
    replyText: p.text().nullable(),
    /** The assistant composes the answer (from the shop's knowledge) instead of reply_text. */
    aiReply: p.boolean(),
    when: p.enum(RULE_WHEN),
    cooldownHours: p.integer(),
    priority: p.integer(),
    enabled: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type AutoReplyRule = InferEntity<typeof AutoReplyRule>;
