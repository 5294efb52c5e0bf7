import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A bookable service (the spec's "service"; named appointment type here so it is not mistaken for
 * a service class). Deleted softly: bookings keep pointing at it and keep their snapshot.
 */
export const AppointmentType = defineEntity({
  name: 'AppointmentType',
  tableName: 'calendar_services',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    calendarId: p.integer().index(),
    name: p.string().length(120),
    description: p.text().nullable(),
    durationMinutes: p.integer(),
    bufferBeforeMinutes: p.integer(),
    bufferAfterMinutes: p.integer(),
    maxConcurrent: p.integer(),
    price: p.string().length(20).nullable(),
    currency: p.string().length(3),
    requiresConfirmation: p.boolean(),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type AppointmentType = InferEntity<typeof AppointmentType>;
