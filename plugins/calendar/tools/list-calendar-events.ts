import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentIdArg, calendarIdArg, dateArg, phoneArg, serviceIdArg, statusArg } from './args.js';
import { EventOutput } from './outputs.js';

export const listCalendarEvents = defineTool({
  name: 'list_calendar_events',
  title: 'List calendar events',
  description: 'Events in start order; the local dates take the events overlapping them.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    calendar_id: Type.Optional(calendarIdArg),
    date_from: Type.Optional(dateArg('First day')),
    date_to: Type.Optional(dateArg('Last day, inclusive')),
    agent_id: Type.Optional(agentIdArg),
    phone: Type.Optional(phoneArg()),
    status: Type.Optional(statusArg),
    service_id: Type.Optional(serviceIdArg),
    ...PagingArgs,
  }),
  output: pageOutput('events', EventOutput),
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.calendarEventsService.list(filters, { limit: limit!, offset: offset! }),
});
