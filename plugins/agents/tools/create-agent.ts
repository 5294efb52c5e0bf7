import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentArgs } from './agent-args.js';
import { AgentOutput } from './outputs.js';

export const createAgent = defineTool({
  name: 'create_agent',
  title: 'Create agent',
  description:
    'Adds an agent to the shop. Without permissions_json or permissions the agent gets every permission. The number of agents is capped by the plan: check list_agents count against max_allowed (or buy_agents in get_shop_status) first; at the cap the call fails with agent_limit_reached.',
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
