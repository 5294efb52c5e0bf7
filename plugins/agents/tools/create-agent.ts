import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentArgs } from './agent-args.js';
import { AgentOutput } from './outputs.js';

export const createAgent = defineTool({
  name: 'create_agent',
  title: 'Create agent',
  description:
    'Adds an agent to the shop, with every permission unless permissions_json or permissions is given. The plan caps agents (list_agents count vs max_allowed): at the cap, agent_limit_reached.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    nickname: agentArgs.nickname,
    full_name: agentArgs.full_name,
    email: agentArgs.email,
    color: Type.Optional(agentArgs.colorWithDefault),
    phone: Type.Optional(agentArgs.phone),
    pin: Type.Optional(agentArgs.pin),
    permissions_json: Type.Optional(agentArgs.permissions_json),
    permissions: Type.Optional(agentArgs.permissions),
  }),
  output: Type.Object({ agent: AgentOutput }),
  handler: async (args, { services }) => ({
    agent: services.agentsService.toPayload(await services.agentsService.create(args)),
  }),
});
