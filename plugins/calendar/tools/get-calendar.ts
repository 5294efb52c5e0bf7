import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { calendarIdArg } from './args.js';
import { CalendarDetailOutput } from './outputs.js';

export const getCalendar = defineTool({
  name: 'get_calendar',
  title: 'Get calendar',
  description: 'A calendar with its availability rules, services, notifications and agents.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ calendar_id: calendarIdArg }),
  output: Type.Object({ calendar: CalendarDetailOutput }),
  handler: async ({ calendar_id }, { services }) => ({ calendar: await services.calendarsService.detail(calendar_id) }),
});
