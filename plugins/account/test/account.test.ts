import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';

const paths = (p: any) => p.errors.map((e: any) => e.path).sort();

/** Reads until the value is `expected` or two seconds pass; returns the last value read. */
async function until<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let value = await read();
  for (let i = 0; i < 40 && value !== expected; i++) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

describe('account group', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootKernel({ groups: ['account', 'agents', 'general'] });
  });
  after(() => k.close());

  const shop = async (name?: string, extra: { maxAgents?: number; credits?: number } = {}) => {
    const { token, shopId } = await k.newShop(name, extra);
    return {
      shopId,
      call: (tool: string, args: Record<string, unknown> = {}) => k.call(token, tool, args).then((r) => r.payload),
    };
  };

  describe('get_shop_status', () => {
    it('reports buy_agents (the plan limit), agents in use and available, credits and enabled groups', async () => {
      const { call } = await shop('Status shop', { maxAgents: 4, credits: 1500 });
      const before = await call('get_shop_status');
      expect(before).to.include({
        success: true,
        name: 'Status shop',
        buy_agents: 4,
        agents_in_use: 0,
        agents_available: 4,
        credits_balance: 1500,
      });
      expect(before.enabled_groups).to.include.members(['account', 'agents', 'general']);
      for (const nickname of ['A', 'B'])
        await call('create_agent', { action: 'create', nickname, full_name: nickname, email: 'a@b.co' });
      expect(await call('get_shop_status')).to.include({ buy_agents: 4, agents_in_use: 2, agents_available: 2 });
    });

    it('works without the agents group: agents in use is unknown (null)', async () => {
      const k2 = await bootKernel({ groups: ['account'] });
      try {
        const { token } = await k2.newShop('No agents', { maxAgents: 2 });
        const { payload } = await k2.call(token, 'get_shop_status');
        expect(payload).to.include({
          success: true,
          buy_agents: 2,
          agents_in_use: null,
          agents_available: null,
          credits_balance: 0,
        });
        expect(payload.enabled_groups).to.deep.equal(['account']);
      } finally {
        await k2.close();
      }
    });
  });

  describe('shop profile', () => {
    it('get_shop_profile shows the shop row and no business hours until set', async () => {
      const { call, shopId } = await shop('Profile shop');
      expect((await call('get_shop_profile')).profile).to.deep.equal({
        shop_id: shopId,
        name: 'Profile shop',
        timezone: 'UTC',
        locale: 'en',
        currency: 'EUR',
        business_hours: null,
      });
    });

    it('update_shop_profile stores canonical values and later calls see them', async () => {
      const { call } = await shop('Old name');
      const p = await call('update_shop_profile', {
        name: '  Nueva Tienda ',
        timezone: 'europe/madrid',
        locale: 'es-es',
        currency: 'usd',
      });
      expect(p.profile).to.include({
        name: 'Nueva Tienda',
        timezone: 'Europe/Madrid',
        locale: 'es-ES',
        currency: 'USD',
      });
      expect((await call('get_shop_profile')).profile).to.include({ name: 'Nueva Tienda', timezone: 'Europe/Madrid' });
      // Other calls load the shop when they authenticate; the cache drops it once the change's notification arrives.
      expect(await until(async () => (await call('get_server_time')).shop_timezone, 'Europe/Madrid')).to.equal(
        'Europe/Madrid',
      );
      expect(await until(async () => (await call('ping')).shop, 'Nueva Tienda')).to.equal('Nueva Tienda');
      const partial = await call('update_shop_profile', { locale: 'pt-BR' });
      expect(partial.profile).to.include({
        name: 'Nueva Tienda',
        timezone: 'Europe/Madrid',
        locale: 'pt-BR',
        currency: 'USD',
      });
      expect((await call('update_shop_profile', { timezone: 'UTC' })).profile.timezone).to.equal('UTC');
    });

    it('refuses invalid timezone, locale, currency and blank name together, changing nothing', async () => {
      const { call } = await shop('Keep me');
      const p = await call('update_shop_profile', {
        name: '  ',
        timezone: 'Mars/Olympus',
        locale: 'zz',
        currency: 'ABC',
      });
      expect(p.error_code).to.equal('invalid_arguments');
      expect(paths(p)).to.deep.equal(['currency', 'locale', 'name', 'timezone']);
      for (const [field, value] of [
        ['timezone', 'EST'],
        ['timezone', '+01:00'],
        ['locale', 'en_US'],
        ['locale', '123'],
        ['currency', 'E1R'],
      ]) {
        const r = await call('update_shop_profile', { [field]: value });
        expect(r.error_code, `${field}=${value}`).to.equal('invalid_arguments');
        expect(paths(r), `${field}=${value}`).to.deep.equal([field]);
      }
      const schema = await call('update_shop_profile', { currency: 'EURO', name: '' });
      expect(paths(schema)).to.deep.equal(['currency', 'name']);
      expect((await call('get_shop_profile')).profile).to.include({
        name: 'Keep me',
        timezone: 'UTC',
        locale: 'en',
        currency: 'EUR',
      });
    });

    it('needs at least one field', async () => {
      const { call } = await shop();
      expect((await call('update_shop_profile', {})).error_code).to.equal('invalid_arguments');
    });
  });

  describe('business hours', () => {
    it('stores every weekday with sorted ranges; days left out are closed; 24:00 ends the day', async () => {
      const { call } = await shop();
      const p = await call('update_shop_profile', {
        business_hours: {
          monday: [
            { open: '16:00', close: '20:00' },
            { open: '09:00', close: '13:30' },
          ],
          friday: [{ open: '09:00', close: '24:00' }],
          sunday: [],
        },
      });
      expect(p.profile.business_hours).to.deep.equal({
        monday: [
          { open: '09:00', close: '13:30' },
          { open: '16:00', close: '20:00' },
        ],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [{ open: '09:00', close: '24:00' }],
        saturday: [],
        sunday: [],
      });
      expect((await call('get_shop_profile')).profile.business_hours.monday).to.have.length(2);
      const replaced = await call('update_shop_profile', {
        business_hours: { tuesday: [{ open: '10:00', close: '11:00' }] },
      });
      expect(replaced.profile.business_hours.monday).to.deep.equal([]);
      expect(replaced.profile.business_hours.tuesday).to.deep.equal([{ open: '10:00', close: '11:00' }]);
      const other = await call('update_shop_profile', { name: 'Hours kept' });
      expect(other.profile.business_hours.tuesday).to.have.length(1);
      expect((await call('update_shop_profile', { business_hours: null })).profile.business_hours).to.equal(null);
    });

    it('refuses ranges that close before they open, overlap, or are not HH:MM, naming the day', async () => {
      const { call } = await shop();
      const p = await call('update_shop_profile', {
        business_hours: {
          monday: [{ open: '10:00', close: '09:00' }],
          tuesday: [
            { open: '09:00', close: '13:00' },
            { open: '12:00', close: '18:00' },
          ],
          wednesday: [{ open: '09:00', close: '09:00' }],
        },
      });
      expect(p.error_code).to.equal('invalid_arguments');
      expect(paths(p)).to.deep.equal(['business_hours.monday', 'business_hours.tuesday', 'business_hours.wednesday']);
      for (const bad of [
        { monday: [{ open: '9:00', close: '13:00' }] },
        { monday: [{ open: '24:00', close: '24:00' }] },
        { monday: [{ open: '09:00', close: '25:00' }] },
        { monday: [{ open: '09:00' }] },
        { funday: [] },
        { monday: Array.from({ length: 7 }, (_, i) => ({ open: `0${i}:00`, close: `0${i}:30` })) },
      ]) {
        const r = await call('update_shop_profile', { business_hours: bad });
        expect(r.error_code, JSON.stringify(bad)).to.equal('invalid_arguments');
        expect(
          r.errors.some((e: any) => e.path.startsWith('business_hours')),
          JSON.stringify(r.errors),
        ).to.equal(true);
      }
      expect((await call('get_shop_profile')).profile.business_hours).to.equal(null);
    });

    it('touching back-to-back ranges are allowed', async () => {
      const { call } = await shop();
      const p = await call('update_shop_profile', {
        business_hours: {
          saturday: [
            { open: '09:00', close: '12:00' },
            { open: '12:00', close: '14:00' },
          ],
        },
      });
      expect(p.profile.business_hours.saturday).to.have.length(2);
    });

    it('concurrent first updates of one shop do not collide', async () => {
      const { call } = await shop();
      const results = await Promise.all(
        ['09:00', '10:00', '11:00', '12:00'].map((open) =>
          call('update_shop_profile', { business_hours: { monday: [{ open, close: '18:00' }] } }),
        ),
      );
      for (const r of results) expect(r.success).to.equal(true);
    });
  });

  describe('credits', () => {
    it('get_credits_balance follows what operators add', async () => {
      const { call, shopId } = await shop(undefined, { credits: 250 });
      expect(await call('get_credits_balance')).to.deep.equal({ success: true, credits_balance: 250 });
      await k.shops.addCredits(shopId, 1000, 'operator');
      expect((await call('get_credits_balance')).credits_balance).to.equal(1250);
    });

    it('list_credit_movements pages the ledger newest first, count = all movements', async () => {
      const { call, shopId } = await shop(undefined, { credits: 10 });
      for (const n of [20, 30]) await k.shops.addCredits(shopId, n, 'operator');
      await k.shops.addCredits(shopId, 40, 'operator', 'purchase');
      const first = await call('list_credit_movements', { limit: 2 });
      expect(first).to.include({ count: 4, limit: 2, offset: 0, has_more: true });
      expect(first.movements.map((m: any) => [m.amount, m.balance_after, m.reason])).to.deep.equal([
        [40, 100, 'operator'],
        [30, 60, 'operator'],
      ]);
      expect(first.movements[0]).to.have.keys(
        'id',
        'amount',
        'balance_after',
        'kind',
        'reason',
        'reference',
        'created_at',
      );
      expect(first.movements.map((m: any) => m.kind)).to.deep.equal(['purchase', 'grant']);
      const rest = await call('list_credit_movements', { limit: 2, offset: 2 });
      expect(rest).to.include({ count: 4, has_more: false });
      expect(rest.movements.map((m: any) => m.reason)).to.deep.equal(['operator', 'initial_grant']);
      expect((await call('list_credit_movements', { limit: 101 })).error_code).to.equal('invalid_arguments');
    });

    it('a shop sees only its own balance and ledger', async () => {
      await shop(undefined, { credits: 999 });
      const { call } = await shop();
      expect((await call('get_credits_balance')).credits_balance).to.equal(0);
      expect(await call('list_credit_movements')).to.include({ count: 0 });
    });
  });
});
