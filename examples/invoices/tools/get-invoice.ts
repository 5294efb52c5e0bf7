import { Type } from 'switchboard';
import { defineTool } from '../define.js';

export const getInvoice = defineTool({
  name: 'get_invoice',
  title: 'Get invoice',
  description: 'One invoice of the shop by id.',
  kind: 'query',
  input: Type.Object({ invoice_id: Type.Integer({ minimum: 1 }) }),
  handler: async ({ invoice_id }, { services }) => ({ invoice: await services.invoicesService.get(invoice_id) }),
});
