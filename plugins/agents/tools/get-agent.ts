import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AgentOutput } from './outputs.js';

export const getAgent = defineTool({
  name: 'get_agent',
  title: 'Get agent',
  description: 'One agent with its permissions by section.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ agent_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ agent: AgentOutput }),
  handler: async ({ agent_id }, { services }) => ({
    agent: services.agentsService.toPayload(await services.agentsService.get(agent_id)),
  }),
});
