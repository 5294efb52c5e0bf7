import { defineJob } from '../define.js';

/** Hourly, because midnight comes at a different hour in each shop's timezone. */
export const markOverdueInvoices = defineJob({
  name: 'mark-overdue-invoices',
  schedule: '0 * * * *',
  scope: 'shop',
  description: 'Marks open invoices whose due date has passed in the shop timezone as overdue.',
  run: async ({ services, tickAt, log, shop }) => {
    const count: number = await services.invoicesService.markOverdue(tickAt);
    if (count > 0) log.info({ shopId: shop?.id, count }, 'invoices marked overdue');
  },
});
