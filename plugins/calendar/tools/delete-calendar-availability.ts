import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ruleIdArg } from './args.js';
import { Deleted } from './outputs.js';

export const deleteCalendarAvailability = defineTool({
  name: 'delete_calendar_availability',
  title: 'Delete calendar availability',
  description: 'Deletes an availability rule. Existing bookings stay.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ rule_id: ruleIdArg }),
  output: Deleted,
  handler: async ({ rule_id }, { services }) => {
    await services.calendarAvailabilityService.delete(rule_id);
    return { deleted: true, id: rule_id };
  },
});
