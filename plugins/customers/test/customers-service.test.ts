import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { fixtureGroup } from './fixtures.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';
import { failNext, recorded } from './fixtures/event-recorder/index.js';

describe('customers: the service other groups use, and the events they follow', () => {
  let k: TestKernel;
  let shopId: number;
  let token: string;

  before(async () => {
    k = await bootKernel({
      groups: ['customers'],
      overrides: {
        groups: {
          service_probe: serviceProbe,
          customers_event_recorder: fixtureGroup('event-recorder'),
        },
      },
    });
    ({ shopId, token } = await k.newShop('Customers service shop'));
  });
  after(() => k.close());

  const inShop = (work: (services: any) => Promise<any>): Promise<any> =>
    withShop(shopId, ({ services }) => work(services), { transactional: true });

  it('findByPhone answers null for an unknown phone', async () => {
    expect(await inShop((s) => s.customersService.findByPhone('+34600900001'))).to.equal(null);
  });

  it('ensureByPhone creates the customer once, with the given fields, and toPayload shows it', async () => {
    const created = await inShop(async (s) =>
      s.customersService.toPayload(
        await s.customersService.ensureByPhone('+34600900001', { name: 'Nuria', email: 'nuria@example.com' }),
      ),
    );
    expect(created).to.include({
      phone: '+34600900001',
      name: 'Nuria',
      email: 'nuria@example.com',
      last_contact_at: null,
    });
    expect(created.tags).to.deep.equal([]);
    const again = await inShop(async (s) =>
      s.customersService.toPayload(await s.customersService.ensureByPhone('+34600900001')),
    );
    expect(again.id).to.equal(created.id);
    const list = (await k.call(token, 'search_customers', { query: '600900001' })).payload;
    expect(list.count).to.equal(1);
  });

  it('ensureByPhone fills only missing fields, never overwriting what is there', async () => {
    await k.call(token, 'add_customer_tag', { action: 'add', phone: '+34600900002', tag_name: 'Lead' });
    const filled = await inShop(async (s) =>
      s.customersService.toPayload(await s.customersService.ensureByPhone('+34600900002', { name: 'First' })),
    );
    expect(filled).to.include({ name: 'First', email: null });
    expect(filled.tags.map((t: any) => t.name)).to.deep.equal(['Lead']);
    const kept = await inShop(async (s) =>
      s.customersService.toPayload(
        await s.customersService.ensureByPhone('+34600900002', { name: 'Second', email: 'e@example.com' }),
      ),
    );
    expect(kept).to.include({ name: 'First', email: 'e@example.com' });
  });

  it('ensureByPhone refuses a phone that is not E.164-normalisable', async () => {
    const err = await inShop((s) => s.customersService.ensureByPhone('12')).catch((e) => e);
    expect(err).to.have.property('code', 'invalid_arguments');
  });

  it('findByPhones answers the known customers among the phones, with their tags', async () => {
    await k.call(token, 'add_customer_tag', { action: 'add', phone: '+34600900020', tag_name: 'Bulk' });
    const found = await inShop(async (s) =>
      (await s.customersService.findByPhones(['+34600900020', '+34600900029'])).map((c: any) =>
        s.customersService.toPayload(c),
      ),
    );
    expect(found.map((c: any) => [c.phone, c.tags.map((t: any) => t.name)])).to.deep.equal([
      ['+34600900020', ['Bulk']],
    ]);
    expect(await inShop((s) => s.customersService.findByPhones([]))).to.deep.equal([]);
  });

  it('recordContacts only moves last_contact_at forward, to the latest of a batch, and creates missing customers', async () => {
    const phone = '+34600900021';
    await inShop((s) => s.customersService.ensureByPhone(phone, { name: 'Known' }));
    const later = new Date('2030-01-02T10:00:00Z');
    const earlier = new Date('2030-01-01T10:00:00Z');
    const fresh = '+34600900028';
    await inShop((s) =>
      s.customersService.recordContacts([
        { phone, at: earlier },
        { phone, at: later },
        { phone: fresh, at: earlier },
      ]),
    );
    await inShop((s) => s.customersService.recordContacts([{ phone, at: earlier }]));
    const customer = (await k.call(token, 'get_customer', { phone })).payload.customer;
    expect(customer).to.include({ name: 'Known', last_contact_at: later.toISOString() });
    const created = (await k.call(token, 'get_customer', { phone: fresh })).payload.customer;
    expect(created).to.include({ name: null, last_contact_at: earlier.toISOString() });
  });

  it('merge emits customers.merged with both ids and phones; delete emits customers.deleted', async () => {
    const a = (await k.call(token, 'add_customer_comment', { action: 'add', phone: '+34600900010', comment: 'a' }))
      .payload.customer;
    const b = (await k.call(token, 'add_customer_comment', { action: 'add', phone: '+34600900011', comment: 'b' }))
      .payload.customer;
    recorded.length = 0;
    await k.call(token, 'merge_customers', { primary_phone: a.phone, secondary_phone: b.phone });
    await k.call(token, 'delete_customer', { phone: a.phone });
    expect(recorded).to.deep.equal([
      {
        event: 'customers.merged',
        payload: { primary_id: a.id, secondary_id: b.id, primary_phone: a.phone, secondary_phone: b.phone },
      },
      { event: 'customers.deleted', payload: { customer_id: a.id, phone: a.phone } },
    ]);
  });

  it('a new tag emits customers.tagged, a color change nothing, a removal customers.untagged; a moved last contact customers.contacted', async () => {
    const phone = '+34600900030';
    recorded.length = 0;
    const tagged = (await k.call(token, 'add_customer_tag', { action: 'add', phone, tag_name: 'Gold' })).payload;
    await k.call(token, 'add_customer_tag', { action: 'add', phone, tag_name: 'GOLD', tag_color: '#ff0000' });
    await k.call(token, 'remove_customer_tag', { phone, tag_name: 'gold' });
    const at = new Date('2031-05-01T08:00:00Z');
    await inShop((s) => s.customersService.recordContacts([{ phone, at }]));
    await inShop((s) => s.customersService.recordContacts([{ phone, at: new Date('2031-04-01T08:00:00Z') }]));
    const id = tagged.customer.id;
    expect(recorded).to.deep.equal([
      { event: 'customers.tagged', payload: { customer_id: id, phone, tag_name: 'Gold' } },
      { event: 'customers.untagged', payload: { customer_id: id, phone, tag_name: 'Gold' } },
      { event: 'customers.contacted', payload: { customer_id: id, phone, last_contact_at: at.toISOString() } },
    ]);
  });

  it('a listener that fails rolls the tag back', async () => {
    const phone = '+34600900031';
    failNext.event = 'customers.tagged';
    const p = (await k.call(token, 'add_customer_tag', { action: 'add', phone, tag_name: 'Doomed' })).payload;
    expect(p.success).to.equal(false);
    expect((await k.call(token, 'get_customer', { phone })).payload.error_code).to.equal('not_found');
  });
});
