import { Type, PagingArgs, pageOf, pageOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { StageSchema } from '../services/crm-fields.js';
import { CrmCustomerOutput } from './outputs.js';

export const listCrmCustomers = defineTool({
  name: 'list_crm_customers',
  title: 'List CRM customers',
  description: 'CRM customers, newest first, by stage or query (name, email, company, or 3+ digits of the number).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    stage: Type.Optional(StageSchema),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    ...PagingArgs,
  }),
  output: pageOutput('crm_customers', CrmCustomerOutput),
  handler: async ({ stage, query, limit = 20, offset = 0 }, { services }) => {
    const { items, total } = await services.crmCustomersService.list({ stage, query }, { limit, offset });
    return pageOf(
      'crm_customers',
      items.map((c) => services.crmCustomersService.toPayload(c)),
      total,
      { limit, offset },
    );
  },
});
