import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { AGENT_ROLES } from './values.js';

/** An agent's role on a calendar: owner and can_book agents take bookings, view_only ones do not. */
export const CalendarAgent = defineEntity({
  name: 'CalendarAgent',
  tableName: 'calendar_agents',
  uniques: [{ properties: ['calendarId', 'agentId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    calendarId: p.integer(),
    agentId: p.integer().index(),
    role: p.enum(AGENT_ROLES),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type CalendarAgent = InferEntity<typeof CalendarAgent>;
