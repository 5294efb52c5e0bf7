import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { DELIVERY_STATUSES, NOTIFICATION_TYPES } from './values.js';

/**
 * One planned notification of one event on its channel (whatsapp, email or both). Written in the event's transaction, sent
 * by the delivery job (scheduled → sending → sent | failed), or skipped / cancelled with a reason.
 */
export const CalendarDelivery = defineEntity({
  name: 'CalendarDelivery',
  tableName: 'calendar_deliveries',
  indexes: [{ properties: ['status', 'dueAt'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    eventId: p.integer().index(),
    notificationId: p.integer().nullable(),
    notificationType: p.enum(NOTIFICATION_TYPES),
    channel: p.string().length(10),
    dueAt: p.datetime(),
    status: p.enum(DELIVERY_STATUSES),
    attempts: p.integer(),
    claimedAt: p.datetime().nullable(),
    messageId: p.integer().nullable(),
    emailMessageId: p.integer().nullable(),
    reason: p.text().nullable(),
    sentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type CalendarDelivery = InferEntity<typeof CalendarDelivery>;
