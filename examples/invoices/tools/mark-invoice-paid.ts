import { Type } from 'switchboard';
import { defineTool } from '../define.js';
import { InvoiceResult } from './outputs.js';

export const markInvoicePaid = defineTool({
  name: 'mark_invoice_paid',
  title: 'Mark invoice paid',
  description: 'Records that an open or overdue invoice was paid.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ invoice_id: Type.Integer({ minimum: 1 }) }),
  output: InvoiceResult,
  handler: async ({ invoice_id }, { services }) => ({ invoice: await services.invoicesService.markPaid(invoice_id) }),
});
