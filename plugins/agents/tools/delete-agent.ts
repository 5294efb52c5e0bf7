import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const deleteAgent = defineTool({
  name: 'delete_agent',
  title: 'Delete agent',
  description:
    'Removes an agent, freeing a place under the plan limit. Tickets assigned to the agent become unassigned.',
  kind: 'mutation',
  action: 'delete',
  destructive: true,
  input: Type.Object({ agent_id: Type.Integer({ minimum: 1 }) }),
  handler: async ({ agent_id }, { services }) => services.agentsService.delete(agent_id),
});
