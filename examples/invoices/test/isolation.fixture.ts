import type { IsolationFixture } from 'switchboard/testing';

const fixture: IsolationFixture = {
  groups: ['invoices'],
  seed: async (callAsA) => {
    const created = await callAsA('create_invoice', {
      customer_name: 'Ada Shop A',
      amount_cents: 12_500,
      customer_phone: '+34600111222',
    });
    return { invoiceId: created.invoice.id };
  },
  probes: (seed) => [
    { tool: 'get_invoice', args: { invoice_id: seed.invoiceId }, expect: 'not_found' },
    { tool: 'mark_invoice_paid', args: { invoice_id: seed.invoiceId }, expect: 'not_found' },
    { tool: 'list_invoices', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 && p.invoices.length === 0 },
  ],
  snapshot: async (callAsA, seed) => ({
    invoice: (await callAsA('get_invoice', { invoice_id: seed.invoiceId })).invoice,
    list: await callAsA('list_invoices', {}),
  }),
  exempt: {
    create_invoice: 'customer_phone is a field of the new invoice, not a reference to existing data',
  },
};

export default fixture;
