import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import {
  bootKernel,
  describeGroupContract,
  describeIsolation,
  contractContext,
  type ContractContext,
  type TestKernel,
} from 'switchboard/testing';
import isolation from './isolation.fixture.js';

/** The example group, enabled the way a deployment enables a third-party package: config `resolve`. */
describe('example group: invoices (@acme/switchboard-invoices)', () => {
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const call = (tool: string, args: Record<string, unknown> = {}) => k.call(shop.token, tool, args);
  const create = async (args: Record<string, unknown> = {}) => {
    const { payload } = await call('create_invoice', { customer_name: 'Ada', amount_cents: 4_200, ...args });
    expect(payload.success, JSON.stringify(payload)).to.equal(true);
    return payload.invoice;
  };

  before(async () => {
    k = await bootKernel({
      groups: [],
      overrides: {
        groups: { invoices: { enabled: true, resolve: '@acme/switchboard-invoices', config: { dueDays: 10 } } },
      },
    });
    shop = await k.shops.create({ name: 'Invoices shop', timezone: 'Pacific/Kiritimati', currency: 'JPY' });
  });
  after(async () => {
    await k?.close();
  });

  it('loads from its package through config resolve, with its config validated', async () => {
    expect(k.plugins.map((p) => p.plugin.name)).to.deep.equal(['invoices']);
    expect(k.plugins[0]!.config).to.deep.equal({ dueDays: 10 });
    expect(k.scheduler.names().filter((name) => !name.startsWith('kernel.'))).to.deep.equal([
      'invoices.mark-overdue-invoices',
    ]);
  });

  describe('create_invoice', () => {
    it("creates an open invoice with the shop currency, due dueDays after the shop's local today", async () => {
      const invoice = await create({ customer_phone: '+34 600 111 222', description: 'Two hours of work' });
      const shopToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date());
      const due = new Date(`${shopToday}T00:00:00Z`);
      due.setUTCDate(due.getUTCDate() + 10);
      expect(invoice).to.include({
        customer_name: 'Ada',
        amount_cents: 4_200,
        currency: 'JPY',
        status: 'open',
        customer_phone: '+34600111222',
        description: 'Two hours of work',
        due_date: due.toISOString().slice(0, 10),
        paid_at: null,
      });
      expect(invoice.created_at).to.match(/^\d{4}-\d{2}-\d{2}T/);
    });

    it('takes an explicit currency and due date', async () => {
      const invoice = await create({ currency: 'usd', due_date: '2030-01-31' });
      expect(invoice).to.include({ currency: 'USD', due_date: '2030-01-31' });
    });

    it('rejects an unknown currency, an impossible date and an invalid phone, naming the field', async () => {
      for (const [args, field] of [
        [{ currency: 'XXQ' }, 'currency'],
        [{ due_date: '2030-02-30' }, 'due_date'],
        [{ customer_phone: '+1 555' }, 'customer_phone'],
      ] as const) {
        const { payload, isError } = await call('create_invoice', { customer_name: 'Bo', amount_cents: 1, ...args });
        expect(isError).to.equal(true);
        expect(payload.error_code).to.equal('invalid_arguments');
        expect(payload.errors.map((e: any) => e.path)).to.deep.equal([field]);
      }
    });

    it('rejects a zero amount and a missing customer name through the schema', async () => {
      const { payload } = await call('create_invoice', { amount_cents: 0 });
      expect(payload.error_code).to.equal('invalid_arguments');
      const paths = payload.errors.map((e: any) => e.path).join(' ');
      expect(paths).to.include('amount_cents').and.include('customer_name');
    });
  });

  describe('get_invoice and list_invoices', () => {
    it('gets an invoice by id and answers not_found for an unknown id', async () => {
      const invoice = await create({ customer_name: 'Grace' });
      expect((await call('get_invoice', { invoice_id: invoice.id })).payload).to.deep.equal({ success: true, invoice });
      const missing = await call('get_invoice', { invoice_id: 999_999 });
      expect(missing.payload).to.include({ success: false, error_code: 'not_found' });
    });

    it('lists newest first with paging and a status filter', async () => {
      const other = await k.newShop('Invoices list shop');
      const as = (tool: string, args: Record<string, unknown>) => k.call(other.token, tool, args);
      const ids: number[] = [];
      for (const name of ['One', 'Two', 'Three'])
        ids.push((await as('create_invoice', { customer_name: name, amount_cents: 100 })).payload.invoice.id);
      await as('mark_invoice_paid', { invoice_id: ids[0] });
      const page = (await as('list_invoices', { limit: 2 })).payload;
      expect(page).to.include({ success: true, count: 3, limit: 2, offset: 0, has_more: true });
      expect(page.invoices.map((i: any) => i.id)).to.deep.equal([ids[2], ids[1]]);
      const paid = (await as('list_invoices', { status: 'paid' })).payload;
      expect(paid.invoices.map((i: any) => i.id)).to.deep.equal([ids[0]]);
      expect(paid).to.include({ count: 1, has_more: false });
    });
  });

  describe('mark_invoice_paid', () => {
    it('pays an open invoice once; paying again is invalid_state', async () => {
      const invoice = await create();
      const paid = (await call('mark_invoice_paid', { invoice_id: invoice.id })).payload;
      expect(paid.invoice.status).to.equal('paid');
      expect(paid.invoice.paid_at).to.be.a('string');
      const again = await call('mark_invoice_paid', { invoice_id: invoice.id });
      expect(again.payload).to.include({ success: false, error_code: 'invalid_state', current_status: 'paid' });
      expect(again.payload.allowed).to.deep.equal(['open', 'overdue']);
    });

    it('answers not_found for an unknown invoice', async () => {
      expect((await call('mark_invoice_paid', { invoice_id: 999_999 })).payload).to.include({
        error_code: 'not_found',
      });
    });
  });

  describe('job mark-overdue-invoices', () => {
    it('marks open invoices past their due date as overdue, and overdue ones can still be paid', async () => {
      const own = await k.newShop('Invoices job shop');
      const as = (tool: string, args: Record<string, unknown>) => k.call(own.token, tool, args);
      const late = (await as('create_invoice', { customer_name: 'Late', amount_cents: 100, due_date: '2020-01-01' }))
        .payload.invoice;
      const future = (
        await as('create_invoice', { customer_name: 'Future', amount_cents: 100, due_date: '2099-01-01' })
      ).payload.invoice;
      const settled = (
        await as('create_invoice', { customer_name: 'Settled', amount_cents: 100, due_date: '2020-01-01' })
      ).payload.invoice;
      await as('mark_invoice_paid', { invoice_id: settled.id });

      expect(await k.scheduler.runTick('invoices.mark-overdue-invoices', new Date())).to.equal('ran');

      const status = async (id: number) => (await as('get_invoice', { invoice_id: id })).payload.invoice.status;
      expect(await status(late.id)).to.equal('overdue');
      expect(await status(future.id)).to.equal('open');
      expect(await status(settled.id)).to.equal('paid');
      expect((await as('mark_invoice_paid', { invoice_id: late.id })).payload.invoice.status).to.equal('paid');
    });
  });
});

/** As a package of its own tests itself: through the public test kit, never the repository's test folder. */
const invoices = {
  name: 'invoices',
  dir: fileURLToPath(new URL('..', import.meta.url)),
  entry: { enabled: true, resolve: '@acme/switchboard-invoices' },
};
describe('example group: invoices, the contract every group keeps', () => {
  let context: ContractContext;
  before(async () => {
    context = await contractContext([invoices]);
  });
  describeGroupContract(invoices, () => context);
});
describeIsolation('invoices', isolation, { entries: { invoices: invoices.entry } });
