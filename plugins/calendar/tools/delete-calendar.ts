import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { calendarIdArg } from './args.js';
import { Deleted } from './outputs.js';

export const deleteCalendar = defineTool({
  name: 'delete_calendar',
  title: 'Delete calendar',
  description:
    'Deletes a calendar with its rules, services, notifications, agents and past events; refused while pending or confirmed events lie ahead.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ calendar_id: calendarIdArg }),
  output: Deleted,
  handler: async ({ calendar_id }, { services }) => {
    await services.calendarsService.delete(calendar_id);
    return { deleted: true, id: calendar_id };
  },
});
