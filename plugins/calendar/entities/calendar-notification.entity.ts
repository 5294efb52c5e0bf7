import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from './values.js';

/** What the customer is told, on which channel, and when relative to the event. */
export const CalendarNotification = defineEntity({
  name: 'CalendarNotification',
  tableName: 'calendar_notifications',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    calendarId: p.integer().index(),
    notificationType: p.enum(NOTIFICATION_TYPES),
    channel: p.enum(NOTIFICATION_CHANNELS),
    timingMinutes: p.integer(),
    templateText: p.text(),
    isEnabled: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type CalendarNotification = InferEntity<typeof CalendarNotification>;
