import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentIdArg, calendarIdArg } from './args.js';

export const removeCalendarAgent = defineTool({
  name: 'remove_calendar_agent',
  title: 'Remove calendar agent',
  description: 'Takes an agent off a calendar. Their upcoming events there stay, unassigned.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ calendar_id: calendarIdArg, agent_id: agentIdArg }),
  output: Type.Object({ removed: Type.Boolean(), calendar_id: Type.Integer(), agent_id: Type.Integer() }),
  handler: async ({ calendar_id, agent_id }, { services }) => {
    await services.calendarAgentsService.remove(calendar_id, agent_id);
    return { removed: true, calendar_id, agent_id };
  },
});
