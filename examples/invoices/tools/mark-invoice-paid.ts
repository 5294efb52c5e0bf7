import { Type } from 'switchboard';
import { defineTool } from '../define.js';

export const markInvoicePaid = defineTool({
  name: 'mark_invoice_paid',
  title: 'Mark invoice paid',
  description: 'Records that an open or overdue invoice was paid.',
  kind: 'mutation',
  input: Type.Object({ invoice_id: Type.Integer({ minimum: 1 }) }),
  handler: async ({ invoice_id }, { services }) => ({ invoice: await services.invoicesService.markPaid(invoice_id) }),
});
