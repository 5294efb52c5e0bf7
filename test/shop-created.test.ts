import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { serviceProbe } from './fixtures/fixture-groups.js';
import { failNext, recorded } from './fixtures/service-probe/index.js';
import { ShopService } from '../core/tenancy/shop-service.js';

describe('shop.created: every new shop is announced to the groups once, at least once', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootKernel({ groups: [], overrides: { groups: { service_probe: serviceProbe } } });
  });
  after(() => k.close());

  const announcements = (shopId: number) =>
    recorded.filter((e) => e.name === 'shop.created' && e.shopId === shopId).map((e) => e.payload);
  const announcedAt = async (shopId: number) =>
    (await k.orm.em.getConnection().execute('select announced_at from shops where id = ?', [shopId]))[0].announced_at;

  it('a shop the server creates is announced at once, in its own scope, with its settings', async () => {
    const { shopId } = await k.shops.create({ name: 'Announced shop', timezone: 'Europe/Madrid', locale: 'es' });
    expect(announcements(shopId)).to.deep.equal([
      {
        shop_id: shopId,
        name: 'Announced shop',
        timezone: 'Europe/Madrid',
        locale: 'es',
        currency: 'EUR',
        referral_code: null,
      },
    ]);
    const referred = await k.shops.create({ name: 'Referred shop', referralCode: 'FRIEND42' });
    expect(announcements(referred.shopId)[0]).to.include({ referral_code: 'FRIEND42' });
    expect(await announcedAt(shopId)).to.not.equal(null);
    expect(await k.announcer.announce(shopId)).to.equal(false);
    expect(await k.announcer.announcePending()).to.equal(false);
    expect(announcements(shopId)).to.have.length(1);
  });

  it('a listener that fails leaves the shop unannounced; the next pass announces it', async () => {
    failNext('shop.created');
    const { shopId } = await k.shops.create({ name: 'Retried shop' });
    expect(announcements(shopId)).to.deep.equal([]);
    expect(await announcedAt(shopId)).to.equal(null);
    expect(await k.announcer.announcePending()).to.equal(true);
    expect(announcements(shopId)).to.have.length(1);
    expect(await announcedAt(shopId)).to.not.equal(null);
  });

  it('a shop created outside the server (the CLI) is announced by the server’s next pass', async () => {
    const { shopId } = await new ShopService(k.orm.em).create({ name: 'CLI shop' });
    expect(announcements(shopId)).to.deep.equal([]);
    await k.announcer.announcePending();
    expect(announcements(shopId).map((p) => p.name)).to.deep.equal(['CLI shop']);
  });
});
