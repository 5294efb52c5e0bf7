import { definePlugin } from 'switchboard';
import { InvoicesConfig } from './config.js';
import { Invoice } from './entities/invoice.entity.js';
import { InvoicesInit } from './migrations/0001-init.js';
import { InvoicesService } from './services/invoices-service.js';
import { createInvoice } from './tools/create-invoice.js';
import { getInvoice } from './tools/get-invoice.js';
import { listInvoices } from './tools/list-invoices.js';
import { markInvoicePaid } from './tools/mark-invoice-paid.js';
import { markOverdueInvoices } from './jobs/mark-overdue-invoices.js';
import { invoicesErrors } from './errors.js';

/** invoices: an example third-party group, installed as the package @acme/switchboard-invoices. */
export default definePlugin({
  name: 'invoices',
  version: '1.0.0',
  description: 'Invoices issued to customers: create, list, get, mark paid; overdue ones are flagged every hour.',
  kernel: '^1.0.0',
  configSchema: InvoicesConfig,
  entities: [Invoice],
  migrations: [{ name: '0001-init', class: InvoicesInit }],
  services: { invoicesService: InvoicesService },
  errors: invoicesErrors,
  tools: [createInvoice, listInvoices, getInvoice, markInvoicePaid],
  jobs: [markOverdueInvoices],
});
