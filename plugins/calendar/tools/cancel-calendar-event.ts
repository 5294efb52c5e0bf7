import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { eventIdArg } from './args.js';
import { EventResult } from './outputs.js';

export const cancelCalendarEvent = defineTool({
  name: 'cancel_calendar_event',
  title: 'Cancel calendar event',
  description:
    'Cancels a confirmed event or rejects a pending one, freeing its slot and cancelling its reminders; with notify the customer gets the cancellation message.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  input: Type.Object({
    event_id: eventIdArg,
    reason: Type.Optional(Type.String({ maxLength: 1000 })),
    notify: Type.Optional(Type.Boolean({ default: true })),
  }),
  output: EventResult,
  handler: async ({ event_id, reason, notify }, { services }) =>
    services.calendarBookingsService.cancel(event_id, reason, notify!),
});
