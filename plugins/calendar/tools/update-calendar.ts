import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { calendarPayload } from '../services/payloads.js';
import { calendarFieldArgs, calendarIdArg } from './args.js';
import { CalendarOutput } from './outputs.js';

export const updateCalendar = defineTool({
  name: 'update_calendar',
  title: 'Update calendar',
  description:
    "Changes a calendar's settings. A new timezone keeps the rules' wall-clock hours and the events' instants. is_default: true moves the default here.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    calendar_id: calendarIdArg,
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    ...calendarFieldArgs,
  }),
  output: Type.Object({ calendar: CalendarOutput }),
  handler: async ({ calendar_id, ...changes }, { services }) => ({
    calendar: calendarPayload(await services.calendarsService.update(calendar_id, changes)),
  }),
});
