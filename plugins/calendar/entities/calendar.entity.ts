import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A bookable calendar: its timezone is the wall clock of its rules, slots and events. */
export const Calendar = defineEntity({
  name: 'Calendar',
  tableName: 'calendar_calendars',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    name: p.string().length(120),
    description: p.text().nullable(),
    timezone: p.string().length(64),
    // null: slots step by the service's duration.
    slotIntervalMinutes: p.integer().nullable(),
    minNoticeMinutes: p.integer(),
    maxAdvanceDays: p.integer(),
    isActive: p.boolean(),
    // The calendar create_calendar_event writes to (the spec's tool takes no calendar_id).
    isDefault: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Calendar = InferEntity<typeof Calendar>;
