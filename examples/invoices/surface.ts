/** The invoices group as other groups see it. Types only. */
import type { InvoicesService } from './services/invoices-service.js';

export type { InvoicesService };

declare module 'switchboard' {
  interface GroupServices {
    invoicesService: InvoicesService;
  }
}
