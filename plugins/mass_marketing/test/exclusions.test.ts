import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootMarketing, caller } from './helpers.js';
import { withShop } from '../../../test/fixtures/service-probe/index.js';

describe('mass_marketing: blacklist and unsubscribes', () => {
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let shopId: number;
  before(async () => {
    k = await bootMarketing({ probe: true });
    const shop = await k.newShop('Exclusions shop');
    shopId = shop.shopId;
    c = caller(k, shop.token);
  });
  after(() => k.close());

  const unsubscribe = (
    phone: string,
    source: 'reply' | 'link' | 'manual' = 'reply',
    campaignId: number | null = null,
  ) =>
    withShop<any>(shopId, (ctx) => ctx.services.marketingUnsubscribesService.record(phone, source, campaignId), {
      transactional: true,
    });

  describe('add_to_blacklist / list_blacklist / remove_from_blacklist', () => {
    it('adds a phone in E.164 with its reason; adding again keeps the entry and takes a new reason', async () => {
      const first = await c.ok('add_to_blacklist', {
        action: 'add',
        phone: '0034 600 300 001',
        reason: 'Asked not to be contacted',
      });
      expect(first.created).to.equal(true);
      expect(first.entry).to.include({ phone: '+34600300001', reason: 'Asked not to be contacted' });
      const again = await c.ok('add_to_blacklist', { action: 'add', phone: '+34600300001' });
      expect(again.created).to.equal(false);
      expect(again.entry).to.include({ id: first.entry.id, reason: 'Asked not to be contacted' });
      const changed = await c.ok('add_to_blacklist', { action: 'add', phone: '+34600300001', reason: 'Complained' });
      expect(changed.entry.reason).to.equal('Complained');
    });

    it('accepts a 500-character reason and refuses 501, a bad phone and a missing action', async () => {
      await c.ok('add_to_blacklist', { action: 'add', phone: '+34600300002', reason: 'r'.repeat(500) });
      await c.fails(
        'add_to_blacklist',
        { action: 'add', phone: '+34600300003', reason: 'r'.repeat(501) },
        'invalid_arguments',
        'reason',
      );
      await c.fails('add_to_blacklist', { action: 'add', phone: '+34 12' }, 'invalid_arguments', 'phone');
      await c.fails('add_to_blacklist', { phone: '+34600300003' }, 'invalid_arguments', 'action');
    });

    it('bulk adds valid phones, counts those already there, reports invalid ones', async () => {
      const p = await c.ok('bulk_add_to_blacklist', {
        action: 'bulk',
        phones: ['+34600300001', '+34600300011', '+34 600 300 012', '+34600300011', 'xx'],
        reason: 'Bulk',
      });
      expect(p).to.include({ added_count: 2, already_count: 1 });
      expect(p.entries.map((e: any) => e.phone)).to.deep.equal(['+34600300001', '+34600300011', '+34600300012']);
      expect(p.invalid).to.deep.equal([
        { index: 4, phone: 'xx', reason: 'not a valid phone number with an international prefix' },
      ]);
      await c.fails('bulk_add_to_blacklist', { action: 'bulk', phones: ['xx'] }, 'invalid_arguments', 'phones.0');
      await c.fails('bulk_add_to_blacklist', { action: 'bulk', phones: [] }, 'invalid_arguments', 'phones');
    });

    it('lists newest first, by digits, with paging; removes; removing again is not_found', async () => {
      const all = await c.ok('list_blacklist', {});
      expect(all.count).to.equal(4);
      expect(all.entries[0].phone).to.equal('+34600300012');
      const found = await c.ok('list_blacklist', { query: '300 011' });
      expect(found.entries.map((e: any) => e.phone)).to.deep.equal(['+34600300011']);
      const removed = await c.ok('remove_from_blacklist', { phone: '+34600300011' });
      expect(removed).to.include({ removed: true, phone: '+34600300011' });
      await c.fails('remove_from_blacklist', { phone: '+34600300011' }, 'not_found');
      expect((await c.ok('list_blacklist', { limit: 1 })).has_more).to.equal(true);
    });
  });

  describe('unsubscribes', () => {
    it('records once per phone (the first record stays) and lists them', async () => {
      const first = await unsubscribe('+34600300101', 'reply', 7);
      expect(first.created).to.equal(true);
      expect(first.entry).to.include({ phone: '+34600300101', source: 'reply', campaign_id: 7 });
      const again = await unsubscribe('+34600300101', 'link');
      expect(again.created).to.equal(false);
      expect(again.entry.source).to.equal('reply');
      await unsubscribe('+34600300102', 'link');
      const list = await c.ok('get_unsubscribed_list', {});
      expect(list.count).to.equal(2);
      expect(list.unsubscribed.map((u: any) => u.phone)).to.deep.equal(['+34600300102', '+34600300101']);
      expect((await c.ok('get_unsubscribed_list', { query: '300101' })).count).to.equal(1);
    });

    it('remove_unsubscribed_bulk removes records and reports unknown and invalid phones', async () => {
      const p = await c.ok('remove_unsubscribed_bulk', { phones: ['+34600300101', '+34600300199', 'bad'] });
      expect(p).to.include({ removed_count: 1 });
      expect(p.removed).to.deep.equal(['+34600300101']);
      expect(p.not_found).to.deep.equal(['+34600300199']);
      expect(p.invalid[0]).to.include({ index: 2, phone: 'bad' });
      expect((await c.ok('get_unsubscribed_list', {})).count).to.equal(1);
      await c.fails('remove_unsubscribed_bulk', { phones: ['bad'] }, 'invalid_arguments', 'phones.0');
    });
  });

  describe('exclusions at send time (service for campaigns)', () => {
    it('exclusionsOf names blacklist first, then unsubscribe, then opt-out', async () => {
      await c.ok('add_to_blacklist', { action: 'add', phone: '+34600300201' });
      await unsubscribe('+34600300201');
      await unsubscribe('+34600300202');
      await c.ok('add_chatapp_optout', { action: 'add', phone: '+34600300203', reason: 'STOP' });
      const phones = ['+34600300201', '+34600300202', '+34600300203', '+34600300204'];
      const reasons = await withShop(shopId, async (ctx) => {
        const found = await ctx.services.marketingAudienceService.exclusionsOf(phones);
        return phones.map((p) => found.get(p) ?? null);
      });
      expect(reasons).to.deep.equal(['blacklisted', 'unsubscribed', 'opted_out', null]);
    });
  });
});
