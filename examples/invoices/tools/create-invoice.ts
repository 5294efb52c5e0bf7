import { DateArg, Type } from 'switchboard';
import { defineTool } from '../define.js';
import { InvoiceResult } from './outputs.js';

export const createInvoice = defineTool({
  name: 'create_invoice',
  title: 'Create invoice',
  description:
    "Issues an open invoice to a customer. Currency defaults to the shop's; the due date to today plus the group's dueDays.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    customer_name: Type.String({ minLength: 1, maxLength: 200 }),
    amount_cents: Type.Integer({ minimum: 1, maximum: 100_000_000_00, description: 'Amount in cents (minor units).' }),
    currency: Type.Optional(
      Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code; default the shop currency.' }),
    ),
    due_date: Type.Optional(DateArg('When it falls due; default dueDays after today.')),
    customer_phone: Type.Optional(
      Type.String({ minLength: 1, maxLength: 30, description: 'With international prefix; stored in E.164.' }),
    ),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  output: InvoiceResult,
  handler: async (args, { services }) => ({
    invoice: await services.invoicesService.create(args),
  }),
});
