import { expect } from 'chai';
import { NetworkGuard } from '../../../test/helpers/kernel-internals.js';
import type { IntegrationsConfig } from '../config.js';
import { connectorConfig as testConfig } from './connector-config.js';
import { connectorFor, StoreLanes } from '../services/connectors/connector-factory.js';
import { StoreError } from '../services/connectors/store-error.js';
import type { PlatformType, StoreConnector, StoreProduct } from '../services/connectors/types.js';
import type { StoreCredentials } from '../services/credentials.js';
import { fakeCertificate, type FakeServer } from '../../../test/helpers/storefronts/fake-server.js';
import { PrestaShopFake } from '../../../test/helpers/storefronts/prestashop-fake.js';
import { ShopifyFake } from '../../../test/helpers/storefronts/shopify-fake.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { VtexFake } from '../../../test/helpers/storefronts/vtex-fake.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';

const PS_KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ123456';

interface Platform {
  type: PlatformType;
  /** A running fake over `data`, and the credentials that open it (good or not). */
  start(data: StoreData, variant?: 'throttled' | 'restricted'): Promise<FakeServer>;
  credentials(fake: FakeServer, good?: boolean): StoreCredentials;
  config?: (fake: FakeServer) => Partial<IntegrationsConfig>;
  /** The order number a shopper sees for the fake's order. */
  number(data: StoreData, index: number): string;
  /** What a restricted key cannot read, as missingPermissions names it. */
  restricted: string[];
  /** The fake answered throttled at least once. */
  throttledAnswers(fake: FakeServer): number;
  pushes: boolean;
}

const PLATFORMS: Platform[] = [
  {
    type: 'ecomA',
    start: (data, variant) =>
      new ShopifyFake(data, {
        token: 'shpat_good_token_0001',
        ...(variant === 'throttled' && { maximumAvailable: 1000, restoreRate: 2000 }),
        ...(variant === 'restricted' && { scopes: ['read_products', 'write_orders'] }),
      }).start(),
    credentials: (fake, good = true) => ({
      platform: 'ecomA',
      storeUrl: fake.origin,
      accountName: null,
      secrets: { token: good ? 'shpat_good_token_0001' : 'shpat_wrong', appSecret: 'shopify-app-secret' },
    }),
    number: (data, i) => `#${data.orders[i]!.number}`,
    restricted: ['read_customers', 'read_inventory'],
    throttledAnswers: (fake) => (fake as ShopifyFake).throttledAnswers,
    pushes: true,
  },
  {
    type: 'ecomB',
    start: (data, variant) =>
      new WooCommerceFake(data, {
        consumerKey: 'ck_good',
        consumerSecret: 'cs_good',
        ...(variant === 'throttled' && { requestsPerSecond: 20 }),
        ...(variant === 'restricted' && { readable: ['system_status', 'products'] }),
      }).start(),
    credentials: (fake, good = true) => ({
      platform: 'ecomB',
      storeUrl: fake.origin,
      accountName: null,
      secrets: { consumerKey: 'ck_good', consumerSecret: good ? 'cs_good' : 'cs_wrong' },
    }),
    number: (data, i) => data.orders[i]!.number,
    restricted: ['orders', 'customers'],
    throttledAnswers: (fake) => (fake as WooCommerceFake).rateLimited,
    pushes: true,
  },
  {
    type: 'ecomC',
    start: (data, variant) =>
      new PrestaShopFake(data, {
        key: PS_KEY,
        ...(variant === 'restricted' && { resources: ['configurations', 'currencies', 'languages', 'products'] }),
      }).start(),
    credentials: (fake, good = true) => ({
      platform: 'ecomC',
      storeUrl: fake.origin,
      accountName: null,
      secrets: { apiKey: good ? PS_KEY : 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ' },
    }),
    number: (data, i) => `REF${data.orders[i]!.number}`,
    restricted: [
      'combinations',
      'stock_availables',
      'customers',
      'addresses',
      'orders',
      'order_states',
      'order_carriers',
    ],
    throttledAnswers: () => 1,
    pushes: false,
  },
  {
    type: 'ecomD',
    start: (data, variant) =>
      new VtexFake(data, {
        appKey: 'vtexappkey-acme-ABC',
        appToken: 'good-token',
        ...(variant === 'throttled' && { requestsPerSecond: 40 }),
        ...(variant === 'restricted' && { denied: ['OMS', 'Master Data'] }),
      }).start(),
    credentials: (_fake, good = true) => ({
      platform: 'ecomD',
      storeUrl: 'https://acme.myvtex.com',
      accountName: 'acme',
      secrets: { appKey: 'vtexappkey-acme-ABC', appToken: good ? 'good-token' : 'bad-token' },
    }),
    config: (fake) => ({ vtexApiBase: fake.origin }),
    number: (data, i) => data.orders[i]!.number,
    restricted: ['OMS', 'Master Data'],
    throttledAnswers: (fake) => (fake as VtexFake).rateLimited,
    pushes: true,
  },
];

const guard = new NetworkGuard({ allowLoopback: true, trustedCaPem: fakeCertificate().certPem });

function connector(
  platform: Platform,
  fake: FakeServer,
  options: { good?: boolean; lanes?: StoreLanes } = {},
): StoreConnector {
  return connectorFor(platform.credentials(fake, options.good), {
    guard,
    lanes: options.lanes ?? new StoreLanes(),
    config: testConfig(platform.config?.(fake)),
    timeoutMs: 5_000,
    timezone: 'Europe/Madrid',
  });
}

async function allProducts(c: StoreConnector, since: Date | null = null, pageSize = 100): Promise<StoreProduct[]> {
  const products: StoreProduct[] = [];
  for (let cursor: string | null = null, pages = 0; ; pages++) {
    const page = await c.listProducts({ cursor, since, pageSize });
    products.push(...page.products);
    if (!page.next) return products;
    cursor = page.next;
    if (pages > 1_000) throw new Error('paging never ends');
  }
}

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    if (err instanceof StoreError) return err;
    throw err;
  }
  throw new Error('expected a StoreError');
};

for (const platform of PLATFORMS) {
  describe(`integrations: the ${platform.type} connector against its fake (one contract for all four)`, function () {
    this.timeout(60_000);
    let data: StoreData;
    let fake: FakeServer;
    let c: StoreConnector;

    before(async () => {
      data = StoreData.seed({ products: 45, customers: 10, orders: 24 });
      fake = await platform.start(data);
      c = connector(platform, fake);
    });
    after(async () => {
      await fake?.stop();
    });

    it('reads the store’s identity: name, currency, languages', async () => {
      const info = await c.probe();
      expect(info.name).to.match(/^Acme/);
      expect(info.currency).to.equal('EUR');
      expect(info.locales.length).to.be.greaterThan(0);
      expect(info.locales.filter((l) => l.primary)).to.have.length(1);
    });

    it('refuses wrong credentials as auth, and names nothing missing for a full key', async () => {
      const err = await refusal(connector(platform, fake, { good: false }).probe());
      expect(err.kind).to.equal('auth');
      expect(await c.missingPermissions()).to.deep.equal([]);
    });

    it('finds a customer by email, and by phone stored in international or national form', async () => {
      const byEmail = await c.findCustomers({ email: 'CLIENTE3@example.com' });
      expect(byEmail.map((x) => x.email)).to.deep.equal(['cliente3@example.com']);
      const international = await c.findCustomers({ phone: '+34600100002' });
      expect(international.map((x) => x.email)).to.include('cliente2@example.com');
      const national = await c.findCustomers({ phone: '+34600100003' });
      expect(national.map((x) => x.email)).to.include('cliente3@example.com');
    });

    it('lists a customer’s orders newest first, by email and by phone, with items, totals and tracking', async () => {
      const byEmail = await c.listOrders({ email: 'cliente1@example.com', limit: 10 });
      const expected = data.orders.filter((o) => o.customerId === 501);
      expect(byEmail.map((o) => o.number).sort()).to.have.members(
        expected.map((o) => platform.number(data, data.orders.indexOf(o))).sort(),
      );
      const times = byEmail.map((o) => Date.parse(o.createdAt!));
      expect(times).to.deep.equal([...times].sort((a, b) => b - a));
      const shipped = byEmail.find((o) => o.tracking.length > 0);
      expect(shipped, JSON.stringify(byEmail.map((o) => o.status))).to.exist;
      expect(shipped!.tracking[0]?.number).to.match(/^PQ\d+ES$/);
      expect(shipped!.items[0]!.quantity).to.equal(2);
      expect(Number(shipped!.total)).to.be.greaterThan(0);
      const byPhone = await c.listOrders({ phone: '+34600100001', limit: 10 });
      expect(byPhone.map((o) => o.externalId).sort()).to.deep.equal(byEmail.map((o) => o.externalId).sort());
    });

    it('gets an order by id and by the number the shopper sees; an unknown one is null', async () => {
      const [first] = await c.listOrders({ email: 'cliente0@example.com', limit: 1 });
      const byId = await c.getOrder({ id: first!.externalId });
      expect(byId!.number).to.equal(first!.number);
      const byNumber = await c.getOrder({ number: platform.number(data, 0) });
      expect(byNumber!.customer.email).to.equal('cliente0@example.com');
      expect(await c.getOrder({ number: 'NOPE-999999' })).to.equal(null);
    });

    it('pages the whole catalogue to its end, with variants, prices and stock', async () => {
      const products = await allProducts(c, null, 20);
      expect(products.map((p) => p.externalId)).to.have.members(data.products.map((p) => String(p.id)));
      const sample = products.find((p) => p.externalId === String(data.products[5]!.id))!;
      const source = data.products[5]!;
      expect(sample.variants.map((v) => v.sku).sort()).to.deep.equal(source.variants.map((v) => v.sku).sort());
      expect(sample.variants.map((v) => Number(v.price))).to.include(Number(source.variants[0]!.price));
      const stocks = Object.fromEntries(sample.variants.map((v) => [v.sku, v.stock]));
      for (const v of source.variants) expect(stocks[v.sku]).to.equal(v.stock);
    });

    it('reads one product now with its stock, and nothing for one the store does not have', async () => {
      const source = data.products[6]!;
      const product = await c.getProduct(String(source.id));
      expect(product!.title).to.equal(source.title);
      const stocks = Object.fromEntries(product!.variants.map((v) => [v.sku, v.stock]));
      for (const v of source.variants) expect(stocks[v.sku]).to.equal(v.stock);
      expect(await c.getProduct('999999')).to.equal(null);
    });

    it('reports what changed since a moment, products and orders', async function () {
      const since = new Date(Date.now() - 1_000);
      data.touchProduct(data.products[7]!.id, { title: 'Renamed' });
      const order = data.addOrder(500);
      const changes = await c.changesSince(since);
      if (platform.type !== 'ecomD')
        expect(changes.products.map((p) => p.externalId)).to.include(String(data.products[7]!.id));
      expect(changes.orders.map((o) => o.number)).to.satisfy((numbers: string[]) =>
        numbers.some((n) => n.includes(order.number)),
      );
      if (platform.type !== 'ecomD') {
        const updated = await allProducts(c, since);
        expect(updated.map((p) => p.externalId)).to.include(String(data.products[7]!.id));
        expect(updated.length).to.be.lessThan(data.products.length);
      }
    });

    it(
      platform.pushes ? 'registers its webhooks and removes them again' : 'has no webhooks: the feed polls',
      async () => {
        const hooks = await c.registerWebhooks(
          'https://switchboard.example.com/integrations/hooks/k',
          'secret-for-hooks',
        );
        if (!platform.pushes) {
          expect(hooks).to.equal(null);
          return;
        }
        expect(hooks!.length).to.be.greaterThan(0);
        await c.removeWebhooks(hooks!);
      },
    );

    it('fails as unreachable when the store does not answer', async () => {
      fake.down = true;
      try {
        const err = await refusal(c.probe());
        expect(err.kind).to.equal('unreachable');
      } finally {
        fake.down = false;
      }
    });

    describe('with a key that may not read everything', () => {
      let restricted: FakeServer;
      before(async () => {
        restricted = await platform.start(data, 'restricted');
      });
      after(async () => restricted?.stop());

      it('names each resource the key lacks', async () => {
        expect(await connector(platform, restricted).missingPermissions()).to.have.members(platform.restricted);
      });
    });

    if (platform.type !== 'ecomC')
      describe('under the store’s rate limit', () => {
        let limited: FakeServer;
        before(async () => {
          limited = await platform.start(
            StoreData.seed({ products: platform.type === 'ecomD' ? 15 : 60, customers: 3, orders: 3 }),
            'throttled',
          );
        });
        after(async () => limited?.stop());

        it('waits as the store says and never surfaces a throttle error', async () => {
          const lanes = new StoreLanes();
          const limitedConnector = connector(platform, limited, { lanes });
          const products = await allProducts(limitedConnector, null, platform.type === 'ecomD' ? 50 : 100);
          expect(products).to.have.length(platform.type === 'ecomD' ? 15 : 60);
          expect(
            platform.throttledAnswers(limited) + lanes.of(platform.credentials(limited)).throttleWaits,
          ).to.be.greaterThan(0);
          expect(lanes.of(platform.credentials(limited)).throttleWaits).to.be.greaterThan(0);
        });
      });
  });
}

describe('integrations: WooCommerce on a host that strips the Authorization header', function () {
  this.timeout(30_000);
  let fake: WooCommerceFake;
  before(async () => {
    fake = await new WooCommerceFake(StoreData.seed({ products: 5 }), {
      consumerKey: 'ck_good',
      consumerSecret: 'cs_good',
      dropAuthorization: true,
    }).start();
  });
  after(async () => fake?.stop());

  it('falls back to query-string keys once and keeps that mode', async () => {
    const lanes = new StoreLanes();
    const modes: string[] = [];
    const credentials: StoreCredentials = {
      platform: 'ecomB',
      storeUrl: fake.origin,
      accountName: null,
      secrets: { consumerKey: 'ck_good', consumerSecret: 'cs_good' },
    };
    const c = connectorFor(credentials, {
      guard,
      lanes,
      config: testConfig(),
      timeoutMs: 5_000,
      onAuthMode: (mode) => modes.push(mode),
    });
    expect((await c.probe()).name).to.equal('Acme Woo');
    await c.findCustomers({ email: 'cliente1@example.com' });
    const api = fake.requests('/wp-json/wc/v3/');
    const withHeader = api.filter((r) => r.headers.authorization);
    expect(withHeader, 'only the first request tried the header').to.have.length(1);
    expect(api.slice(1).every((r) => r.url.includes('consumer_key='))).to.equal(true);
    expect(modes).to.deep.equal(['query']);
  });
});

describe('integrations: PrestaShop with its webservice switched off', function () {
  this.timeout(30_000);
  it('says the API is disabled instead of waiting it out', async () => {
    const fake = await new PrestaShopFake(StoreData.seed({ products: 2 }), { key: PS_KEY, disabled: true }).start();
    try {
      const c = connector(PLATFORMS[2]!, fake);
      const err = await refusal(c.probe());
      expect(err.kind).to.equal('disabled');
      expect(err.message).to.match(/webservice is disabled/);
    } finally {
      await fake.stop();
    }
  });
});
