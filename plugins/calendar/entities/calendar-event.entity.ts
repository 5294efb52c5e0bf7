import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { EVENT_STATUSES } from './values.js';

/**
 * A booking (with a service) or a plain event. The service's name, buffers and price are copied
 * at booking, so a later change to the service leaves existing bookings as they were booked.
 */
export const CalendarEvent = defineEntity({
  name: 'CalendarEvent',
  tableName: 'calendar_events',
  indexes: [{ properties: ['calendarId', 'startAt'] }],
  uniques: [{ properties: ['shopId', 'idempotencyKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    calendarId: p.integer(),
    serviceId: p.integer().nullable(),
    serviceName: p.string().length(120).nullable(),
    title: p.string().length(200),
    description: p.text().nullable(),
    phone: p.string().length(20).nullable().index(),
    customerName: p.string().length(120).nullable(),
    customerEmail: p.string().length(254).nullable(),
    notes: p.text().nullable(),
    assignedAgentId: p.integer().nullable().index(),
    startAt: p.datetime(),
    endAt: p.datetime(),
    allDay: p.boolean(),
    bufferBeforeMinutes: p.integer(),
    bufferAfterMinutes: p.integer(),
    price: p.string().length(20).nullable(),
    currency: p.string().length(3).nullable(),
    status: p.enum(EVENT_STATUSES),
    idempotencyKey: p.string().length(100).nullable(),
    // iCalendar identity: the UID never changes, the SEQUENCE grows with every reschedule and cancel.
    icsUid: p.string().length(100),
    icsSequence: p.integer(),
    cancelReason: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type CalendarEvent = InferEntity<typeof CalendarEvent>;
