import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { rulePayload } from '../services/payloads.js';
import { ruleFieldArgs, ruleIdArg, ruleTypeArg, timeArg, closingTimeArg } from './args.js';
import { RuleOutput } from './outputs.js';

export const updateCalendarAvailability = defineTool({
  name: 'update_calendar_availability',
  title: 'Update calendar availability',
  description: 'Changes an availability rule; the result must be valid as for create_calendar_availability.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    rule_id: ruleIdArg,
    rule_type: Type.Optional(ruleTypeArg),
    start_time: Type.Optional(timeArg('Start')),
    end_time: Type.Optional(closingTimeArg('End')),
    ...ruleFieldArgs,
  }),
  output: Type.Object({ rule: RuleOutput }),
  handler: async ({ rule_id, ...fields }, { services }) => ({
    rule: rulePayload(await services.calendarAvailabilityService.update(rule_id, fields)),
  }),
});
