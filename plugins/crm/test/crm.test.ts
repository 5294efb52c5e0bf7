import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { recorded } from '../../../test/fixtures/service-probe/index.js';
import { failingMerge } from './fixtures/failing-merge-listener/index.js';

const listenerPath = fileURLToPath(new URL('./fixtures/failing-merge-listener/index.ts', import.meta.url));
const paths = (p: any) => p.errors.map((e: any) => e.path).sort();

describe('crm group', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootKernel({
      groups: ['customers', 'crm'],
      overrides: {
        groups: { crm_failing_merge_listener: { enabled: true, resolve: listenerPath }, service_probe: serviceProbe },
      },
    });
  });
  after(() => k.close());

  const shop = async () => {
    const { token } = await k.newShop();
    return (tool: string, args: Record<string, unknown> = {}) => k.call(token, tool, args).then((r) => r.payload);
  };
  const create = (call: Awaited<ReturnType<typeof shop>>, whatsapp_number: string) =>
    call('create_crm_customer', { action: 'create', whatsapp_number });

  describe('create_crm_customer', () => {
    it('creates at stage lead, linked to a new customer record with the same phone', async () => {
      const call = await shop();
      const p = await create(call, '+34 600 111 222');
      expect(p.success).to.equal(true);
      const c = p.crm_customer;
      expect(c).to.include({
        whatsapp_number: '+34600111222',
        stage: 'lead',
        name: null,
        email: null,
        company: null,
        notes: null,
      });
      expect(c.custom_fields).to.deep.equal({});
      expect(c).to.have.keys(
        'id',
        'customer_id',
        'whatsapp_number',
        'name',
        'email',
        'company',
        'notes',
        'stage',
        'stage_changed_at',
        'custom_fields',
        'created_at',
        'updated_at',
      );
      const customer = await call('get_customer', { phone: '+34600111222' });
      expect(customer.customer.id).to.equal(c.customer_id);
    });

    it('links to an existing customer and copies its name and email', async () => {
      const call = await shop();
      await call('add_customer_comment', { action: 'add', phone: '+34600222333', comment: 'first contact' });
      const customer = (
        await call('update_customer', { phone: '+34600222333', name: 'Marta', email: 'marta@example.com' })
      ).customer;
      const c = (await create(call, '+34600222333')).crm_customer;
      expect(c).to.include({ customer_id: customer.id, name: 'Marta', email: 'marta@example.com' });
    });

    it('refuses a number without + (even if it would parse) and an invalid one', async () => {
      const call = await shop();
      for (const n of ['34600111222', '0034600111222', '600111222', '+34 12', '+', '  ']) {
        const p = await create(call, n);
        expect(p.error_code, n).to.equal('invalid_arguments');
        expect(paths(p), n).to.deep.equal(['whatsapp_number']);
      }
      expect((await call('create_crm_customer', { whatsapp_number: '+34600111222' })).error_code).to.equal(
        'invalid_arguments',
      );
      expect((await call('list_crm_customers')).count).to.equal(0);
      expect((await call('search_customers', { query: '600111' })).count).to.equal(0);
    });

    it('a number already in the shop CRM is a conflict (in any spelling); other shops are independent', async () => {
      const a = await shop();
      const b = await shop();
      const first = (await create(a, '+34600111222')).crm_customer;
      const dup = await create(a, '+34 600-111-222');
      expect(dup).to.include({
        success: false,
        error_code: 'conflict',
        field: 'whatsapp_number',
        crm_customer_id: first.id,
      });
      expect((await a('list_crm_customers')).count).to.equal(1);
      expect((await create(b, '+34600111222')).success).to.equal(true);
    });
  });

  it('concurrent creates of one number: one record, the others conflict', async () => {
    const call = await shop();
    const results = await Promise.all(Array.from({ length: 4 }, () => create(call, '+34600555666')));
    expect(results.filter((r) => r.success)).to.have.length(1);
    for (const r of results.filter((r) => !r.success)) expect(r.error_code).to.equal('conflict');
    expect((await call('list_crm_customers')).count).to.equal(1);
  });

  describe('get_crm_customer', () => {
    it('by id or by number; exactly one of them; unknown and foreign are not_found', async () => {
      const a = await shop();
      const b = await shop();
      const c = (await create(a, '+34600111222')).crm_customer;
      expect((await a('get_crm_customer', { crm_customer_id: c.id })).crm_customer).to.deep.equal(c);
      expect((await a('get_crm_customer', { whatsapp_number: '+34 600 111 222' })).crm_customer).to.deep.equal(c);
      expect((await a('get_crm_customer', {})).error_code).to.equal('invalid_arguments');
      expect(
        (await a('get_crm_customer', { crm_customer_id: c.id, whatsapp_number: '+34600111222' })).error_code,
      ).to.equal('invalid_arguments');
      expect((await a('get_crm_customer', { whatsapp_number: '34600111222' })).error_code).to.equal(
        'invalid_arguments',
      );
      expect((await a('get_crm_customer', { crm_customer_id: 999999 })).error_code).to.equal('not_found');
      expect((await a('get_crm_customer', { whatsapp_number: '+34600999888' })).error_code).to.equal('not_found');
      expect((await b('get_crm_customer', { crm_customer_id: c.id })).error_code).to.equal('not_found');
      expect((await b('get_crm_customer', { whatsapp_number: '+34600111222' })).error_code).to.equal('not_found');
    });
  });

  describe('update_crm_customer', () => {
    it('sets, clears and keeps fields; custom fields are patched', async () => {
      const call = await shop();
      const { id } = (await create(call, '+34600111222')).crm_customer;
      const p = await call('update_crm_customer', {
        crm_customer_id: id,
        name: ' Luis ',
        email: 'luis@acme.test',
        company: 'Acme',
        notes: 'Wants a quote',
        custom_fields: { budget: 1200, vip: true, source: 'fair' },
      });
      expect(p.crm_customer).to.include({
        name: 'Luis',
        email: 'luis@acme.test',
        company: 'Acme',
        notes: 'Wants a quote',
        stage: 'lead',
      });
      expect(p.crm_customer.custom_fields).to.deep.equal({ budget: 1200, vip: true, source: 'fair' });
      const q = await call('update_crm_customer', {
        crm_customer_id: id,
        company: null,
        notes: '  ',
        custom_fields: { vip: null, 'Company size': '10-50', budget: 1500.5 },
      });
      expect(q.crm_customer).to.include({ name: 'Luis', company: null, notes: null });
      expect(q.crm_customer.custom_fields).to.deep.equal({ budget: 1500.5, source: 'fair', 'Company size': '10-50' });
      expect((await call('get_crm_customer', { crm_customer_id: id })).crm_customer.custom_fields).to.deep.equal(
        q.crm_customer.custom_fields,
      );
    });

    it('refuses bad values, field names and too many fields, changing nothing', async () => {
      const call = await shop();
      const { id } = (await create(call, '+34600111222')).crm_customer;
      const bad = await call('update_crm_customer', {
        crm_customer_id: id,
        email: 'nope',
        custom_fields: { list: [1], obj: { a: 1 } },
      });
      expect(bad.error_code).to.equal('invalid_arguments');
      expect(paths(bad)).to.include('email');
      expect(paths(bad).some((path: string) => /^custom_fields\.(list|obj)$/.test(path))).to.equal(true);
      const names = await call('update_crm_customer', {
        crm_customer_id: id,
        name: 'X',
        custom_fields: { ' lead': 1, ok_name: 2, 'a/b': 3 },
      });
      expect(names.error_code).to.equal('invalid_arguments');
      expect(paths(names)).to.deep.equal(['custom_fields. lead', 'custom_fields.a/b']);
      const long = await call('update_crm_customer', {
        crm_customer_id: id,
        custom_fields: { note: 'x'.repeat(1001) },
      });
      expect(paths(long)).to.deep.equal(['custom_fields.note']);
      const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i]));
      expect((await call('update_crm_customer', { crm_customer_id: id, custom_fields: many })).error_code).to.equal(
        'invalid_arguments',
      );
      const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, i]));
      expect((await call('update_crm_customer', { crm_customer_id: id, custom_fields: fifty })).success).to.equal(true);
      const over = await call('update_crm_customer', { crm_customer_id: id, custom_fields: { extra: 1 } });
      expect(over.error_code).to.equal('invalid_arguments');
      expect(paths(over)).to.deep.equal(['custom_fields']);
      const now = (await call('get_crm_customer', { crm_customer_id: id })).crm_customer;
      expect(now.name).to.equal(null);
      expect(Object.keys(now.custom_fields)).to.have.length(50);
      expect(
        (await call('update_crm_customer', { crm_customer_id: id, custom_fields: { extra: 1, f0: null } })).success,
      ).to.equal(true);
    });

    it('needs a field; cannot change the stage or number; unknown or foreign ids are not_found', async () => {
      const a = await shop();
      const b = await shop();
      const { id } = (await create(a, '+34600111222')).crm_customer;
      expect((await a('update_crm_customer', { crm_customer_id: id })).error_code).to.equal('invalid_arguments');
      expect(
        paths(await a('update_crm_customer', { crm_customer_id: id, stage: 'won', whatsapp_number: '+34600111333' })),
      ).to.deep.equal(['stage', 'whatsapp_number']);
      expect((await a('update_crm_customer', { crm_customer_id: 999999, name: 'X' })).error_code).to.equal('not_found');
      expect((await b('update_crm_customer', { crm_customer_id: id, name: 'X' })).error_code).to.equal('not_found');
      expect((await a('get_crm_customer', { crm_customer_id: id })).crm_customer.name).to.equal(null);
    });
  });

  describe('move_crm_customer_stage', () => {
    it('moves between any stages and records when; the same stage is invalid_state', async () => {
      const call = await shop();
      const c = (await create(call, '+34600111222')).crm_customer;
      const moved = await call('move_crm_customer_stage', { crm_customer_id: c.id, stage: 'qualified' });
      expect(moved).to.include({ success: true, previous_stage: 'lead' });
      expect(moved.crm_customer.stage).to.equal('qualified');
      expect(moved.crm_customer.stage_changed_at >= c.stage_changed_at).to.equal(true);
      expect((await call('move_crm_customer_stage', { crm_customer_id: c.id, stage: 'lost' })).previous_stage).to.equal(
        'qualified',
      );
      expect(
        (await call('move_crm_customer_stage', { crm_customer_id: c.id, stage: 'lead' })).crm_customer.stage,
      ).to.equal('lead');
      const same = await call('move_crm_customer_stage', { crm_customer_id: c.id, stage: 'lead' });
      expect(same).to.include({ success: false, error_code: 'invalid_state', current_status: 'lead' });
      expect(same.allowed).to.deep.equal(['contacted', 'qualified', 'proposal', 'won', 'lost']);
    });

    it('each move emits crm.stage_changed with both stages; a refused move emits nothing', async () => {
      const call = await shop();
      const c = (await create(call, '+34600111333')).crm_customer;
      recorded.splice(0);
      const moved = (await call('move_crm_customer_stage', { crm_customer_id: c.id, stage: 'won' })).crm_customer;
      await call('move_crm_customer_stage', { crm_customer_id: c.id, stage: 'won' });
      expect(recorded.filter((e) => e.name === 'crm.stage_changed').map((e) => e.payload)).to.deep.equal([
        {
          crm_customer_id: c.id,
          customer_id: c.customer_id,
          whatsapp_number: '+34600111333',
          stage: 'won',
          previous_stage: 'lead',
          changed_at: moved.stage_changed_at,
        },
      ]);
    });

    it('refuses an unknown stage; unknown or foreign ids are not_found', async () => {
      const a = await shop();
      const b = await shop();
      const { id } = (await create(a, '+34600111222')).crm_customer;
      expect(paths(await a('move_crm_customer_stage', { crm_customer_id: id, stage: 'closed' }))).to.deep.equal([
        'stage',
      ]);
      expect((await a('move_crm_customer_stage', { crm_customer_id: 999999, stage: 'won' })).error_code).to.equal(
        'not_found',
      );
      expect((await b('move_crm_customer_stage', { crm_customer_id: id, stage: 'won' })).error_code).to.equal(
        'not_found',
      );
      expect((await a('get_crm_customer', { crm_customer_id: id })).crm_customer.stage).to.equal('lead');
    });
  });

  describe('list_crm_customers', () => {
    it('filters by stage and query (name, email, company, number digits) and pages with count = matches', async () => {
      const call = await shop();
      const ids: number[] = [];
      for (const [n, name, company] of [
        ['+34600000001', 'Ana', 'Acme'],
        ['+34600000002', 'Bruno', 'Globex'],
        ['+34600000003', 'Carla', 'Acme 100%'],
        ['+44 7911 123456', 'Dave', null],
      ]) {
        const { id } = (await create(call, n as string)).crm_customer;
        ids.push(id);
        await call('update_crm_customer', { crm_customer_id: id, name, company });
      }
      await call('move_crm_customer_stage', { crm_customer_id: ids[1], stage: 'won' });
      await call('move_crm_customer_stage', { crm_customer_id: ids[2], stage: 'won' });
      const all = await call('list_crm_customers', { limit: 3 });
      expect(all).to.include({ count: 4, limit: 3, offset: 0, has_more: true });
      expect(all.crm_customers.map((c: any) => c.name)).to.deep.equal(['Dave', 'Carla', 'Bruno']);
      expect(
        (await call('list_crm_customers', { limit: 3, offset: 3 })).crm_customers.map((c: any) => c.name),
      ).to.deep.equal(['Ana']);
      const won = await call('list_crm_customers', { stage: 'won' });
      expect(won.count).to.equal(2);
      expect(won.crm_customers.map((c: any) => c.name)).to.deep.equal(['Carla', 'Bruno']);
      expect((await call('list_crm_customers', { query: 'acme' })).count).to.equal(2);
      expect(
        (await call('list_crm_customers', { query: 'acme', stage: 'lead' })).crm_customers.map((c: any) => c.name),
      ).to.deep.equal(['Ana']);
      expect((await call('list_crm_customers', { query: '%' })).crm_customers.map((c: any) => c.name)).to.deep.equal([
        'Carla',
      ]);
      expect(
        (await call('list_crm_customers', { query: '7911 123' })).crm_customers.map((c: any) => c.name),
      ).to.deep.equal(['Dave']);
      expect((await call('list_crm_customers', { query: 'nobody' })).count).to.equal(0);
      expect((await call('list_crm_customers', { stage: 'closed' })).error_code).to.equal('invalid_arguments');
    });
  });

  describe('delete_crm_customer', () => {
    it('removes the CRM record only; the customer stays and the number can be added again', async () => {
      const call = await shop();
      const c = (await create(call, '+34600111222')).crm_customer;
      expect(await call('delete_crm_customer', { crm_customer_id: c.id })).to.deep.equal({
        success: true,
        deleted: true,
        id: c.id,
      });
      expect((await call('get_crm_customer', { crm_customer_id: c.id })).error_code).to.equal('not_found');
      expect((await call('delete_crm_customer', { crm_customer_id: c.id })).error_code).to.equal('not_found');
      expect((await call('get_customer', { phone: '+34600111222' })).customer.id).to.equal(c.customer_id);
      const again = (await create(call, '+34600111222')).crm_customer;
      expect(again.customer_id).to.equal(c.customer_id);
      expect(again.id).to.not.equal(c.id);
    });

    it("another shop's record is not_found and stays", async () => {
      const a = await shop();
      const b = await shop();
      const c = (await create(a, '+34600111222')).crm_customer;
      expect((await b('delete_crm_customer', { crm_customer_id: c.id })).error_code).to.equal('not_found');
      expect((await a('get_crm_customer', { crm_customer_id: c.id })).success).to.equal(true);
    });
  });

  describe('following the customer record', () => {
    const merge = (call: any, primary_phone: string, secondary_phone: string) =>
      call('merge_customers', { primary_phone, secondary_phone });

    it("merge: the secondary's CRM record moves to the primary and takes its number when the primary has none", async () => {
      const call = await shop();
      await call('add_customer_comment', { action: 'add', phone: '+34600000010', comment: 'primary' });
      const primary = (await call('get_customer', { phone: '+34600000010' })).customer;
      const sec = (await create(call, '+34600000011')).crm_customer;
      await call('move_crm_customer_stage', { crm_customer_id: sec.id, stage: 'proposal' });
      const m = await merge(call, '+34600000010', '+34600000011');
      expect(m.success, JSON.stringify(m)).to.equal(true);
      const after = (await call('get_crm_customer', { crm_customer_id: sec.id })).crm_customer;
      expect(after).to.include({ customer_id: primary.id, whatsapp_number: '+34600000010', stage: 'proposal' });
      expect((await call('get_crm_customer', { whatsapp_number: '+34600000011' })).error_code).to.equal('not_found');
    });

    it("merge: when both have one, the primary's keeps its values and fills gaps from the secondary's, which goes", async () => {
      const call = await shop();
      const p = (await create(call, '+34600000020')).crm_customer;
      const s = (await create(call, '+34600000021')).crm_customer;
      await call('update_crm_customer', {
        crm_customer_id: p.id,
        name: 'Keep',
        notes: 'primary notes',
        custom_fields: { a: 'primary', b: 1 },
      });
      await call('update_crm_customer', {
        crm_customer_id: s.id,
        name: 'Lose',
        company: 'SecondCo',
        notes: 'secondary notes',
        custom_fields: { a: 'secondary', c: true },
      });
      await call('move_crm_customer_stage', { crm_customer_id: s.id, stage: 'won' });
      expect((await merge(call, '+34600000020', '+34600000021')).success).to.equal(true);
      const after = (await call('get_crm_customer', { crm_customer_id: p.id })).crm_customer;
      expect(after).to.include({
        name: 'Keep',
        company: 'SecondCo',
        stage: 'lead',
        notes: 'primary notes\n\nsecondary notes',
        whatsapp_number: '+34600000020',
      });
      expect(after.custom_fields).to.deep.equal({ a: 'primary', b: 1, c: true });
      expect((await call('get_crm_customer', { crm_customer_id: s.id })).error_code).to.equal('not_found');
      expect((await call('list_crm_customers')).count).to.equal(1);
    });

    it('a merge that fails later rolls the CRM changes back with it', async () => {
      const call = await shop();
      await call('add_customer_comment', { action: 'add', phone: '+34600000030', comment: 'primary' });
      const sec = (await create(call, '+34600000031')).crm_customer;
      failingMerge.failNext = true;
      const m = await merge(call, '+34600000030', '+34600000031');
      expect(m.success).to.equal(false);
      expect((await call('get_crm_customer', { crm_customer_id: sec.id })).crm_customer).to.deep.equal(sec);
      expect((await call('get_customer', { phone: '+34600000031' })).success).to.equal(true);
    });

    it('customer deleted: the CRM record stays, unlinked (customer_id null)', async () => {
      const call = await shop();
      const c = (await create(call, '+34600000040')).crm_customer;
      expect((await call('delete_customer', { phone: '+34600000040' })).success).to.equal(true);
      const after = (await call('get_crm_customer', { crm_customer_id: c.id })).crm_customer;
      expect(after).to.include({ customer_id: null, whatsapp_number: '+34600000040' });
    });
  });
});
