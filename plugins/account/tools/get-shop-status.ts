import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getShopStatus = defineTool({
  name: 'get_shop_status',
  title: 'Get shop status',
  description:
    "The plan and its use: buy_agents (the plan's agent limit), agents_in_use and agents_available (null when the agents group is off), credits_balance and the enabled tool groups.",
  kind: 'query',
  input: Type.Object({}),
  handler: async (_args, { services }) => services.accountService.status(),
});
