import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { rulePayload } from '../services/payloads.js';
import { calendarIdArg, ruleFieldArgs, ruleTypeArg, timeArg, closingTimeArg } from './args.js';
import { RuleOutput } from './outputs.js';

export const createCalendarAvailability = defineTool({
  name: 'create_calendar_availability',
  title: 'Create calendar availability',
  description:
    "Adds an availability rule: weekly hours for a weekday, a date_exception whose hours replace that day's, or a blocked period (lunch, a holiday). end_time after start_time; a span across midnight is two rules.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    calendar_id: calendarIdArg,
    rule_type: ruleTypeArg,
    start_time: timeArg('Start'),
    end_time: closingTimeArg('End'),
    ...ruleFieldArgs,
  }),
  output: Type.Object({ rule: RuleOutput }),
  handler: async ({ calendar_id, ...fields }, { services }) => ({
    rule: rulePayload(await services.calendarAvailabilityService.create(calendar_id, fields)),
  }),
});
