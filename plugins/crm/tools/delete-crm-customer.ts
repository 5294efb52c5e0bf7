import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const deleteCrmCustomer = defineTool({
  name: 'delete_crm_customer',
  title: 'Delete CRM customer',
  description: 'Removes a customer from the CRM; the customer record, comments and tags stay.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ crm_customer_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ deleted: Type.Literal(true), id: Type.Integer() }),
  handler: async ({ crm_customer_id }, { services }) => services.crmCustomersService.delete(crm_customer_id),
});
