import { PagingArgs, Type, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CalendarOutput } from './outputs.js';

export const listCalendars = defineTool({
  name: 'list_calendars',
  title: 'List calendars',
  description: 'Calendars in creation order.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ is_active: Type.Optional(Type.Boolean()), ...PagingArgs }),
  output: pageOutput('calendars', CalendarOutput),
  handler: async ({ limit, offset, ...filters }, { services }) =>
    services.calendarsService.list(filters, { limit: limit!, offset: offset! }),
});
