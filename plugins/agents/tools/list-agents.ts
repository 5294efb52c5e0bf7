import { Type, PagingArgs, pageOf } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listAgents = defineTool({
  name: 'list_agents',
  title: 'List agents',
  description:
    "The shop's agents, oldest first. count is the number of agents matching query (all agents without one); max_allowed is the plan's agent limit.",
  kind: 'query',
  input: Type.Object({
    query: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: 'Part of the nickname, full name or email.' }),
    ),
    ...PagingArgs,
  }),
  handler: async ({ query, limit = 20, offset = 0 }, { services }) => {
    const { items, total } = await services.agentsService.list({ query, limit, offset });
    return {
      ...pageOf(
        'agents',
        items.map((a: unknown) => services.agentsService.toPayload(a)),
        total,
        { limit, offset },
      ),
      max_allowed: await services.agentsService.maxAllowed(),
    };
  },
});
