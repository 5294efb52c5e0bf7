import { Type, Nullable } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getShopStatus = defineTool({
  name: 'get_shop_status',
  title: 'Get shop status',
  description:
    'The plan and its use: agent limit, agents in use and available, credits balance and enabled tool groups.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    shop_id: Type.Integer(),
    name: Type.String(),
    buy_agents: Type.Integer(),
    agents_in_use: Nullable(Type.Integer()),
    agents_available: Nullable(Type.Integer()),
    credits_balance: Type.Integer(),
    enabled_groups: Type.Array(Type.String()),
  }),
  handler: async (_args, { services }) => services.accountService.status(),
});
