import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { RULE_TYPES } from './values.js';

/** An availability rule: weekday hours, a date's own hours (or closure), or a blocked period. */
export const CalendarRule = defineEntity({
  name: 'CalendarRule',
  tableName: 'calendar_availability_rules',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    calendarId: p.integer().index(),
    ruleType: p.enum(RULE_TYPES),
    // 0 = Sunday … 6 = Saturday.
    dayOfWeek: p.integer().nullable(),
    specificDate: p.string().length(10).nullable(),
    startTime: p.string().length(5),
    endTime: p.string().length(5),
    label: p.string().length(120).nullable(),
    isAvailable: p.boolean(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type CalendarRule = InferEntity<typeof CalendarRule>;
