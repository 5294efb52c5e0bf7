import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A customer as automation's guards see them: when automation last wrote to them, how many of
 * their replies in a row came within 2 s of it (a bot answering our bot), and until when
 * automation leaves them alone.
 */
export const AutomationContact = defineEntity({
  name: 'AutomationContact',
  tableName: 'automation_contacts',
  uniques: [{ properties: ['shopId', 'phone'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phone: p.string().length(20),
    lastAutomaticAt: p.datetime().nullable(),
    quickReplies: p.integer().default(0),
    pausedUntil: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type AutomationContact = InferEntity<typeof AutomationContact>;
