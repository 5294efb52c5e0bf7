import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentIdArg, calendarIdArg, eventIdArg, phoneArg } from './args.js';
import { EventResult } from './outputs.js';

export const updateCalendarEvent = defineTool({
  name: 'update_calendar_event',
  title: 'Update calendar event',
  description:
    "Changes a pending or confirmed event's title, description, phone or agent (null unassigns), or moves a plain event to another calendar. Change its time with reschedule_calendar_event.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    event_id: eventIdArg,
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    phone: Type.Optional(Nullable(phoneArg())),
    assigned_agent_id: Type.Optional(Nullable(agentIdArg)),
    calendar_id: Type.Optional(calendarIdArg),
  }),
  output: EventResult,
  handler: async ({ event_id, ...changes }, { services }) => services.calendarEventsService.update(event_id, changes),
});
