import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentIdArg, calendarIdArg, dateArg, serviceIdArg } from './args.js';
import { SlotOutput } from './outputs.js';

export const getCalendarAvailableSlots = defineTool({
  name: 'get_calendar_available_slots',
  title: 'Get calendar available slots',
  description:
    'Free start times of a service between two local dates (at most 62 days; date_to defaults to date_from + 6 days), after hours, blocks, bookings, capacity, notice and booking window. Offer them, then book with book_calendar_appointment.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    calendar_id: calendarIdArg,
    service_id: serviceIdArg,
    date_from: dateArg('First day'),
    date_to: Type.Optional(dateArg('Last day, inclusive')),
    agent_id: Type.Optional(agentIdArg),
    timezone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "IANA zone to show the times in; default the calendar's.",
      }),
    ),
  }),
  output: Type.Object({
    calendar_id: Type.Integer(),
    service_id: Type.Integer(),
    date_from: Type.String(),
    date_to: Type.String(),
    timezone: Type.String(),
    slots: Type.Array(SlotOutput),
    count: Type.Integer(),
  }),
  handler: async (args, { services }) => services.calendarSlotsService.available(args),
});
