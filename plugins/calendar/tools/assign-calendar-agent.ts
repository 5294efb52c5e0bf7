import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { calendarAgentPayload } from '../services/payloads.js';
import { agentIdArg, calendarIdArg, roleArg } from './args.js';
import { CalendarAgentOutput } from './outputs.js';

export const assignCalendarAgent = defineTool({
  name: 'assign_calendar_agent',
  title: 'Assign calendar agent',
  description:
    'Puts an agent on a calendar or changes their role. A calendar with booking agents books only when one is free; view_only agents lose their upcoming events here.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'assign',
  input: Type.Object({
    calendar_id: calendarIdArg,
    agent_id: agentIdArg,
    role: Type.Optional({ ...roleArg, default: 'can_book' }),
  }),
  output: Type.Object({ agent: CalendarAgentOutput }),
  handler: async ({ calendar_id, agent_id, role }, { services }) => ({
    agent: calendarAgentPayload(await services.calendarAgentsService.assign(calendar_id, agent_id, role!)),
  }),
});
