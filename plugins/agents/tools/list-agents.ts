import { Type, PagingArgs, pageOf, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AgentOutput } from './outputs.js';

export const listAgents = defineTool({
  name: 'list_agents',
  title: 'List agents',
  description: "Agents, oldest first; count matches query, max_allowed is the plan's limit.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    query: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Part of the nickname, full name or email.' }),
    ),
    ...PagingArgs,
  }),
  output: pageOutput('agents', AgentOutput, { max_allowed: Type.Integer({ description: 'Agents the plan allows.' }) }),
  handler: async ({ query, limit = 20, offset = 0 }, { services }) => {
    const { items, total } = await services.agentsService.list({ query, limit, offset });
    return {
      ...pageOf(
        'agents',
        items.map((a) => services.agentsService.toPayload(a)),
        total,
        { limit, offset },
      ),
      max_allowed: await services.agentsService.maxAllowed(),
    };
  },
});
