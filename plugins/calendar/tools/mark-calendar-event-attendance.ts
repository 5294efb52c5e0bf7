import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { eventIdArg } from './args.js';
import { EventResult } from './outputs.js';

export const markCalendarEventAttendance = defineTool({
  name: 'mark_calendar_event_attendance',
  title: 'Mark calendar event attendance',
  description:
    'After a confirmed event started: attended (→ completed, plans the follow_up) or no_show (plans the no_show message).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  input: Type.Object({ event_id: eventIdArg, attendance: Type.Enum(['attended', 'no_show']) }),
  output: EventResult,
  handler: async ({ event_id, attendance }, { services }) =>
    services.calendarBookingsService.attendance(event_id, attendance),
});
