import { DateTime, Nullable, Type, type Static } from 'switchboard';
import { INVOICE_STATUSES } from '../entities/invoice.entity.js';

/** An invoice as every tool of the group shows it; the service's toPayload is typed from it. */
export const InvoiceOutput = Type.Object(
  {
    id: Type.Integer(),
    customer_name: Type.String(),
    customer_phone: Nullable(Type.String()),
    description: Nullable(Type.String()),
    amount_cents: Type.Integer(),
    currency: Type.String({ description: 'ISO 4217.' }),
    due_date: Type.String({ description: 'YYYY-MM-DD on the shop clock.' }),
    status: Type.Enum([...INVOICE_STATUSES]),
    created_at: DateTime(),
    paid_at: Nullable(DateTime()),
  },
  { additionalProperties: false },
);
export type InvoicePayload = Static<typeof InvoiceOutput>;

export const InvoiceResult = Type.Object({ invoice: InvoiceOutput });
