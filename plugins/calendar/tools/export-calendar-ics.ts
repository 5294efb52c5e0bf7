import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { calendarIdArg, dateArg, eventIdArg } from './args.js';

export const exportCalendarIcs = defineTool({
  name: 'export_calendar_ics',
  title: 'Export calendar ICS',
  description:
    "iCalendar text for one event, or for a calendar's events between two local dates (default the next 30 days).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    calendar_id: Type.Optional(calendarIdArg),
    event_id: Type.Optional(eventIdArg),
    date_from: Type.Optional(dateArg('First day')),
    date_to: Type.Optional(dateArg('Last day, inclusive')),
  }),
  output: Type.Object({
    ics: Type.String({ description: 'The iCalendar text.' }),
    mime_type: Type.Literal('text/calendar'),
    method: Type.Enum(['PUBLISH', 'REQUEST', 'CANCEL']),
    events: Type.Integer(),
  }),
  handler: async (args, { services }) => services.calendarEventsService.exportIcs(args),
});
