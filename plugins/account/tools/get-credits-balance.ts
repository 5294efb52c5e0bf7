import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const getCreditsBalance = defineTool({
  name: 'get_credits_balance',
  title: 'Get credits balance',
  description: 'Credits balance. Sending messages spends credits; an operator adds them.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ credits_balance: Type.Integer() }),
  handler: async (_args, { services }) => ({ credits_balance: await services.accountService.balance() }),
});
