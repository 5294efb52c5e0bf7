import { Type } from 'switchboard';
import { defineTool } from '../define.js';
import { InvoiceResult } from './outputs.js';

export const getInvoice = defineTool({
  name: 'get_invoice',
  title: 'Get invoice',
  description: 'One invoice of the shop by id.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ invoice_id: Type.Integer({ minimum: 1 }) }),
  output: InvoiceResult,
  handler: async ({ invoice_id }, { services }) => ({ invoice: await services.invoicesService.get(invoice_id) }),
});
