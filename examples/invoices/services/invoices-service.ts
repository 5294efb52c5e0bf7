import {
  invalidArguments,
  invalidState,
  normalizePhone,
  notFound,
  pageOf,
  type EntityManager,
  type Paging,
  type ServiceDeps,
  type ShopContext,
} from 'switchboard';
import type { InvoicesConfig } from '../config.js';
import { Invoice, type InvoiceStatus } from '../entities/invoice.entity.js';
import { addDays, isCalendarDate, localDate } from './dates.js';
import type { InvoicePayload } from '../tools/outputs.js';

export interface NewInvoice {
  customer_name: string;
  amount_cents: number;
  currency?: string;
  due_date?: string;
  customer_phone?: string;
  description?: string;
}

const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));
const PAYABLE: InvoiceStatus[] = ['open', 'overdue'];

export const toPayload = (i: Invoice): InvoicePayload => ({
  id: i.id,
  customer_name: i.customerName,
  customer_phone: i.customerPhone ?? null,
  description: i.description ?? null,
  amount_cents: i.amountCents,
  currency: i.currency,
  due_date: i.dueDate,
  status: i.status,
  created_at: i.createdAt.toISOString(),
  paid_at: i.paidAt?.toISOString() ?? null,
});

/**
 * Invoices of the call's shop: the EntityManager is already scoped to it, and `config` is this
 * group's own, handed over by the kernel.
 */
export class InvoicesService {
  private readonly em: EntityManager;
  private readonly shop: ShopContext;
  private readonly config: Readonly<InvoicesConfig>;

  constructor({ em, shop, config }: ServiceDeps<InvoicesConfig>) {
    this.em = em;
    this.shop = shop;
    this.config = config;
  }

  async create(input: NewInvoice) {
    const currency = (input.currency ?? this.shop.currency).toUpperCase();
    if (!CURRENCIES.has(currency))
      throw invalidArguments(`currency "${input.currency}" is not an ISO 4217 code.`, [
        { path: 'currency', message: 'is not an ISO 4217 currency code' },
      ]);
    if (input.due_date !== undefined && !isCalendarDate(input.due_date)) {
      throw invalidArguments(`due_date "${input.due_date}" is not a calendar date.`, [
        { path: 'due_date', message: 'is not a calendar date (YYYY-MM-DD)' },
      ]);
    }
    const invoice = this.em.create(Invoice, {
      customerName: input.customer_name,
      customerPhone: input.customer_phone === undefined ? null : normalizePhone(input.customer_phone, 'customer_phone'),
      description: input.description ?? null,
      amountCents: input.amount_cents,
      currency,
      dueDate: input.due_date ?? addDays(localDate(new Date(), this.shop.timezone), this.config.dueDays),
    } as Invoice);
    await this.em.flush();
    return toPayload(invoice);
  }

  async get(id: number) {
    return toPayload(await this.find(id));
  }

  async list(status: InvoiceStatus | undefined, paging: Paging) {
    const [items, count] = await this.em.findAndCount(Invoice, status ? { status } : {}, {
      orderBy: { id: 'desc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('invoices', items.map(toPayload), count, paging);
  }

  async markPaid(id: number) {
    const invoice = await this.find(id);
    if (!PAYABLE.includes(invoice.status)) {
      throw invalidState(`invoice ${id} is ${invoice.status}; only open or overdue invoices can be paid.`, {
        current_status: invoice.status,
        allowed: PAYABLE,
      });
    }
    invoice.status = 'paid';
    invoice.paidAt = new Date();
    await this.em.flush();
    return toPayload(invoice);
  }

  /** Open invoices due before the shop's local date become overdue; returns how many did. */
  async markOverdue(now: Date): Promise<number> {
    const today = localDate(now, this.shop.timezone);
    const due = await this.em.find(Invoice, { status: 'open', dueDate: { $lt: today } });
    for (const invoice of due) invoice.status = 'overdue';
    await this.em.flush();
    return due.length;
  }

  private async find(id: number) {
    const invoice = await this.em.findOne(Invoice, { id });
    if (!invoice) throw notFound('invoice', id);
    return invoice;
  }
}
