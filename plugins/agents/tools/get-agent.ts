import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getAgent = defineTool({
  name: 'get_agent',
  title: 'Get agent',
  description: 'One agent with its permissions by section.',
  kind: 'query',
  input: Type.Object({ agent_id: Type.Integer({ minimum: 1 }) }),
  handler: async ({ agent_id }, { services }) => ({
    agent: services.agentsService.toPayload(await services.agentsService.get(agent_id)),
  }),
});
