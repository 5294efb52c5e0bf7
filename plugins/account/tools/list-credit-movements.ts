import { Type, PagingArgs, pageOf } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const listCreditMovements = defineTool({
  name: 'list_credit_movements',
  title: 'List credit movements',
  description:
    "The shop's credits ledger, newest first: amount (negative for spending), balance_after, reason and reference.",
  kind: 'query',
  input: Type.Object({ ...PagingArgs }),
  handler: async ({ limit = 20, offset = 0 }, { services }) => {
    const { items, total } = await services.accountService.movements(limit, offset);
    return pageOf('movements', items, total, { limit, offset });
  },
});
