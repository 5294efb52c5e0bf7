import { PagingArgs, Type, pageOutput } from 'switchboard';
import { defineTool } from '../define.js';
import { INVOICE_STATUSES } from '../entities/invoice.entity.js';
import { InvoiceOutput } from './outputs.js';

export const listInvoices = defineTool({
  name: 'list_invoices',
  title: 'List invoices',
  description: 'Invoices of the shop, newest first, optionally only those with one status.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Union(INVOICE_STATUSES.map((s) => Type.Literal(s)))),
    ...PagingArgs,
  }),
  output: pageOutput('invoices', InvoiceOutput),
  handler: async ({ status, limit, offset }, { services }) =>
    services.invoicesService.list(status, { limit: limit!, offset: offset! }),
});
