import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { eventIdArg } from './args.js';
import { EventResult } from './outputs.js';

export const confirmCalendarEvent = defineTool({
  name: 'confirm_calendar_event',
  title: 'Confirm calendar event',
  description: 'Confirms a pending booking and sends its confirmation.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ event_id: eventIdArg }),
  output: EventResult,
  handler: async ({ event_id }, { services }) => services.calendarBookingsService.confirm(event_id),
});
