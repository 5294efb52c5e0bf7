import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { calendarFieldArgs } from './args.js';
import { CalendarOutput } from './outputs.js';
import { calendarPayload } from '../services/payloads.js';

export const createCalendar = defineTool({
  name: 'create_calendar',
  title: 'Create calendar',
  description:
    "Creates a bookable calendar. The shop's first calendar is its default. Then add hours (create_calendar_availability) and services (create_calendar_service).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ name: Type.String({ minLength: 1, maxLength: 120 }), ...calendarFieldArgs }),
  output: Type.Object({ calendar: CalendarOutput }),
  handler: async (args, { services }) => ({ calendar: calendarPayload(await services.calendarsService.create(args)) }),
});
