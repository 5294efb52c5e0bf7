import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { dateTimeArg, eventIdArg } from './args.js';
import { EventResult } from './outputs.js';

export const rescheduleCalendarEvent = defineTool({
  name: 'reschedule_calendar_event',
  title: 'Reschedule calendar event',
  description:
    "Moves a pending or confirmed event to a new start. A booking keeps its length and needs a free slot; a plain event takes end_datetime or keeps its length. Reminders and a confirmed event's confirmation are sent again.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  input: Type.Object({
    event_id: eventIdArg,
    start_datetime: dateTimeArg('New start'),
    end_datetime: Type.Optional(dateTimeArg('New end (plain events only)')),
  }),
  output: EventResult,
  handler: async ({ event_id, start_datetime, end_datetime }, { services }) =>
    services.calendarBookingsService.reschedule(event_id, start_datetime, end_datetime),
});
