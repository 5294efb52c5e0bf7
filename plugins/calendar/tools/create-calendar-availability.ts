import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { rulePayload } from '../services/payloads.js';
import { calendarIdArg, ruleFieldArgs, ruleTypeArg, timeArg } from './args.js';
import { RuleOutput } from './outputs.js';

export const createCalendarAvailability = defineTool({
  name: 'create_calendar_availability',
  title: 'Create calendar availability',
  description:
    'Adds an availability rule: weekly hours of a weekday (day_of_week 0-6, 0 = Sunday), a date_exception (specific_date) whose hours replace that day’s (is_available: false closes them instead), or a blocked period on a weekday or date (lunch, a holiday). end_time after start_time; a span across midnight is two rules.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    calendar_id: calendarIdArg,
    rule_type: ruleTypeArg,
    start_time: timeArg('Start'),
    end_time: timeArg('End (24:00 for the end of the day)'),
    ...ruleFieldArgs,
  }),
  output: Type.Object({ rule: RuleOutput }),
  handler: async ({ calendar_id, ...fields }, { services }) => ({
    rule: rulePayload(await services.calendarAvailabilityService.create(calendar_id, fields)),
  }),
});
