import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { agentArgs } from './agent-args.js';
import { AgentOutput } from './outputs.js';

export const updateAgent = defineTool({
  name: 'update_agent',
  title: 'Update agent',
  description:
    'Changes an agent (phone or pin null removes it). permissions_json or permissions replace the whole set; all_permissions gives every permission again.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    agent_id: Type.Integer({ minimum: 1 }),
    nickname: Type.Optional(agentArgs.nickname),
    full_name: Type.Optional(agentArgs.full_name),
    email: Type.Optional(agentArgs.email),
    color: Type.Optional(agentArgs.color),
    phone: Type.Optional(Type.Union([agentArgs.phone, Type.Null()])),
    pin: Type.Optional(Type.Union([agentArgs.pin, Type.Null()])),
    permissions_json: Type.Optional(agentArgs.permissions_json),
    permissions: Type.Optional(agentArgs.permissions),
    all_permissions: Type.Optional(
      Type.Literal(true, { description: 'Gives every permission, also of sections added later.' }),
    ),
  }),
  output: Type.Object({ agent: AgentOutput }),
  handler: async ({ agent_id, ...fields }, { services }) => ({
    agent: services.agentsService.toPayload(await services.agentsService.update(agent_id, fields)),
  }),
});
