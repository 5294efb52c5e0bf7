import { defineEntity, p, tenantColumn, type InferEntity } from 'switchboard';

export const INVOICE_STATUSES = ['open', 'overdue', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** An invoice a shop issued to a customer. Amounts are whole cents, so sums never round. */
export const Invoice = defineEntity({
  name: 'Invoice',
  tableName: 'invoices',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    customerName: p.string().length(200),
    customerPhone: p.string().length(20).nullable(),
    description: p.text().nullable(),
    amountCents: p.integer(),
    currency: p.string().length(3),
    dueDate: p.date(),
    status: p
      .string()
      .$type<InvoiceStatus>()
      .length(10)
      .onCreate(() => 'open'),
    createdAt: p.datetime().onCreate(() => new Date()),
    paidAt: p.datetime().nullable(),
  },
});

export type Invoice = InferEntity<typeof Invoice>;
