import { Type, PagingArgs, pageOf, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { MovementOutput } from './outputs.js';

export const listCreditMovements = defineTool({
  name: 'list_credit_movements',
  title: 'List credit movements',
  description: 'Credits ledger, newest first: amount (negative when spent), balance after, reason and reference.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...PagingArgs }),
  output: pageOutput('movements', MovementOutput),
  handler: async ({ limit = 20, offset = 0 }, { services }) => {
    const { items, total } = await services.accountService.movements(limit, offset);
    return pageOf('movements', items, total, { limit, offset });
  },
});
