import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { eventIdArg } from './args.js';
import { EventDetailOutput } from './outputs.js';

export const getCalendarEvent = defineTool({
  name: 'get_calendar_event',
  title: 'Get calendar event',
  description: 'An event with its notification deliveries and its iCalendar UID and SEQUENCE.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ event_id: eventIdArg }),
  output: Type.Object({ event: EventDetailOutput }),
  handler: async ({ event_id }, { services }) => ({ event: await services.calendarEventsService.detail(event_id) }),
});
