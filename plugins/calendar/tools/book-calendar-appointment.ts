import { DateTimeArg, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentIdArg, calendarIdArg, phoneArg, serviceIdArg } from './args.js';
import { EventOutput } from './outputs.js';

export const bookCalendarAppointment = defineTool({
  name: 'book_calendar_appointment',
  title: 'Book calendar appointment',
  description:
    'Books a service for a customer at a start from get_calendar_available_slots. The slot is checked again (slot_unavailable if taken). Confirmed, or pending when the service requires confirmation. The same idempotency_key returns the same booking.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  // The booking checks its slot before it opens its transaction, waiting in the calendar's lane.
  transactional: false,
  input: Type.Object({
    calendar_id: calendarIdArg,
    service_id: serviceIdArg,
    start_datetime: DateTimeArg("Start in the calendar's timezone unless it has an offset."),
    phone: phoneArg(),
    customer_name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    customer_email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    agent_id: Type.Optional(agentIdArg),
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
    idempotency_key: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'A repeat with this key books once.' }),
    ),
  }),
  output: Type.Object({ event: EventOutput, created: Type.Boolean() }),
  handler: async (args, ctx) => ctx.services.calendarBookingsService.book(args, (work) => ctx.transaction(work)),
});
