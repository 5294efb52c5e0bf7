import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const deleteAgent = defineTool({
  name: 'delete_agent',
  title: 'Delete agent',
  description: 'Removes an agent, freeing a place under the plan limit; their tickets become unassigned.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  action: 'delete',
  input: Type.Object({ agent_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ deleted: Type.Literal(true), id: Type.Integer() }),
  handler: async ({ agent_id }, { services }) => services.agentsService.delete(agent_id),
});
