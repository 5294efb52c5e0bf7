import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { DELIVERY_STATUSES } from './values.js';

/**
 * A notification sent on to a recipient's phone. Written with the notification, held past the
 * recipient's quiet hours, sent once by the delivery job (scheduled → sending → sent | failed) or
 * cancelled with a reason when the notification is read or deleted first.
 */
export const NotificationDelivery = defineEntity({
  name: 'NotificationDelivery',
  tableName: 'notification_deliveries',
  indexes: [{ properties: ['status', 'dueAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    notificationId: p.integer().index(),
    agentId: p.integer(),
    phone: p.string().length(20),
    text: p.text(),
    dueAt: p.datetime(),
    status: p.enum([...DELIVERY_STATUSES]),
    attempts: p.integer(),
    claimedAt: p.datetime().nullable(),
    messageId: p.integer().nullable(),
    reason: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type NotificationDelivery = InferEntity<typeof NotificationDelivery>;
