import { NoEffectArg, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentIdArg, dateTimeArg, phoneArg } from './args.js';
import { EventResult } from './outputs.js';

export const createCalendarEvent = defineTool({
  name: 'create_calendar_event',
  title: 'Create calendar event',
  description:
    "Adds a confirmed event to the shop's default calendar (created if none), holding its time against bookings. end_datetime defaults to start + 1 hour. A phone gets the calendar's confirmation and reminders. For a customer booking of a service use book_calendar_appointment.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  action: 'create',
  input: Type.Object({
    title: Type.String({ minLength: 1, maxLength: 200 }),
    start_datetime: dateTimeArg('Start'),
    end_datetime: Type.Optional(dateTimeArg('End')),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    phone: Type.Optional(phoneArg()),
    assigned_agent_id: Type.Optional(agentIdArg),
    all_day: Type.Optional(Type.Integer({ minimum: 0, maximum: 1, default: 0, description: '1: whole days.' })),
    date_from: NoEffectArg(Type.String({ maxLength: 40 })),
    date_to: NoEffectArg(Type.String({ maxLength: 40 })),
    agent_id: Type.Optional(agentIdArg),
    event_id: NoEffectArg(Type.Integer({ minimum: 1 })),
  }),
  output: EventResult,
  handler: async ({ date_from: _from, date_to: _to, event_id: _id, ...args }, { services }) =>
    services.calendarEventsService.createPlain(args),
});
