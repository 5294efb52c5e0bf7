import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { NOTIFICATION_TYPES } from './values.js';

/**
 * One thing a recipient (the owner, `agentId` 0, or an agent) should look at. Repeats of one kind
 * (same recipient, type and dedupe key) fold into the unread row: `count` and `lastActivityAt`
 * grow instead of the list (a partial unique index in the migration). A snoozed row is unread and
 * hidden until `snoozedUntil`, which is also its `lastActivityAt`, so it comes back on top.
 */
export const Notification = defineEntity({
  name: 'Notification',
  tableName: 'notifications',
  indexes: [
    { properties: ['shopId', 'agentId', 'lastActivityAt'] },
    {
      name: 'notifications_unread_kind_unique',
      expression: `create unique index "notifications_unread_kind_unique" on "notifications" ("shop_id", "agent_id", "type", "dedupe_key") where "read_at" is null and "dedupe_key" is not null`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    agentId: p.integer(),
    type: p.enum([...NOTIFICATION_TYPES]),
    title: p.string().length(200),
    body: p.text().nullable(),
    resourceType: p.string().length(40).nullable(),
    resourceId: p.string().length(64).nullable(),
    dedupeKey: p.string().length(200).nullable(),
    count: p.integer(),
    readAt: p.datetime().nullable(),
    snoozedUntil: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    lastActivityAt: p.datetime(),
  },
});
export type Notification = InferEntity<typeof Notification>;
