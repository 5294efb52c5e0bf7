import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';
import { PrestaShopFake } from '../../../test/helpers/storefronts/prestashop-fake.js';

const PS_KEY = 'PRODUCTSKEYPRODUCTSKEYPRODUCTS12';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('products: the catalogue synced from the storefront, searched and annotated', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let other: { shopId: number; token: string };
  let woo: WooCommerceFake;
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}, as = shop) => ok(k, as.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string, as = shop) =>
      fails(k, as.token, tool, args, code),
  };
  /** Waits until the run is no longer running, and returns it. */
  const finished = async (runId?: number, as = shop) => {
    for (const until = Date.now() + 20_000; Date.now() < until; await sleep(30)) {
      const { sync_run } = await call.ok('get_product_sync_status', runId ? { sync_run_id: runId } : {}, as);
      if (sync_run.status !== 'running') return sync_run;
    }
    throw new Error('the sync did not finish');
  };
  const sync = async (mode: 'full' | 'incremental', as = shop) => {
    const { sync_run } = await call.ok('sync_products', { mode }, as);
    return finished(sync_run.sync_run_id, as);
  };
  const connectWoo = async () => {
    const args = {
      platform_type: 'ecomB',
      ecomB_store_url: woo.origin,
      ecomB_consumer_key: 'ck_products',
      ecomB_consumer_secret: 'cs_products',
    };
    const first = await k.call(shop.token, 'connect_ecommerce', args);
    expect(first.payload, JSON.stringify(first.payload)).to.include({ requires_confirmation: true });
    return call.ok('connect_ecommerce', { ...args, confirm: true });
  };

  before(async () => {
    woo = await new WooCommerceFake(StoreData.seed({ products: 30, customers: 2, orders: 2 }), {
      consumerKey: 'ck_products',
      consumerSecret: 'cs_products',
    }).start();
    k = await bootKernel({
      groups: ['integrations', 'products'],
      overrides: {
        server: { publicBaseUrl: 'https://switchboard.example.com' },
        network: { trustedCaPem: fakeCertificate().certPem },
        auth: { requestsPerWindow: 1_000_000 },
        groups: { products: { enabled: true, config: { pageSize: 7 } } },
      },
    });
    shop = await k.newShop('Catalogue shop');
    other = await k.newShop('Other shop');
  });
  after(async () => {
    await k?.close();
    await woo?.stop();
  });

  it('needs a storefront connection', async () => {
    await call.fails('sync_products', {}, 'not_connected');
    await call.fails('get_product_sync_status', { sync_run_id: 1 }, 'not_found', other);
  });

  it('a first sync is full: every product with its variants, prices and stock, page by page', async () => {
    await connectWoo();
    const run = await sync('incremental');
    expect(run).to.include({
      mode: 'full',
      status: 'completed',
      pages: 5,
      read: 30,
      created: 30,
      updated: 0,
      deleted: 0,
    });
    const { products, count, brands } = await call.ok('list_products', { limit: 100 });
    expect(count).to.equal(30);
    expect(brands).to.deep.equal([
      { brand: 'Acme', count: 15 },
      { brand: 'Norte', count: 15 },
    ]);
    expect(products.filter((p: any) => p.status === 'draft')).to.have.length(3);
    const source = woo.data.products[4]!;
    const { product } = await call.ok('get_product', { sku: source.variants[1]!.sku });
    expect(product).to.include({
      external_id: String(source.id),
      title: source.title,
      currency: 'EUR',
      platform_type: 'ecomB',
    });
    expect(product.variants.map((v: any) => [v.sku, v.stock, v.options.Size])).to.deep.equal(
      source.variants.map((v) => [v.sku, v.stock, v.options.Size]),
    );
    expect(product.description_html).to.equal(source.description);
    expect((await call.ok('get_product', { handle: source.handle })).product.product_id).to.equal(product.product_id);
    expect((await call.ok('get_product', { external_id: String(source.id) })).product.product_id).to.equal(
      product.product_id,
    );
    await call.fails('get_product', {}, 'invalid_arguments');
    await call.fails('get_product', { sku: 'NOPE' }, 'not_found');
  });

  it('a second full sync changes nothing; one sync runs at a time', async () => {
    const again = await sync('full');
    expect(again).to.include({ status: 'completed', read: 30, created: 0, updated: 0, deleted: 0 });
    const [a, b] = await Promise.all([
      call.ok('sync_products', { mode: 'full' }),
      call.ok('sync_products', { mode: 'full' }),
    ]);
    expect(a.sync_run.sync_run_id).to.equal(b.sync_run.sync_run_id);
    expect([a.started, b.started].sort()).to.deep.equal([false, true]);
    await finished(a.sync_run.sync_run_id);
  });

  it('incremental reads what changed since the last run; the shop’s notes survive it', async () => {
    const target = woo.data.products[2]!;
    const { product } = await call.ok('get_product', { external_id: String(target.id) });
    await call.ok('update_product_notes', {
      product_id: product.product_id,
      ai_notes: 'Runs small: suggest one size up.',
    });
    woo.data.touchProduct(target.id, { title: 'Chaqueta de invierno' });
    const run = await sync('incremental');
    expect(run).to.include({ mode: 'incremental', status: 'completed', updated: 1, created: 0 });
    expect(run.read).to.be.lessThan(30);
    const after = await call.ok('get_product', { product_id: product.product_id });
    expect(after.product).to.include({ title: 'Chaqueta de invierno', ai_notes: 'Runs small: suggest one size up.' });
    await call.fails('update_product_notes', { product_id: product.product_id }, 'invalid_arguments');
  });

  it('a full run deletes what the store no longer has — never a run that failed on a page', async () => {
    const gone = woo.data.products[10]!;
    woo.data.deleteProduct(gone.id);
    woo.down = true;
    const { sync_run } = await call.ok('sync_products', { mode: 'full' });
    const failed = await finished(sync_run.sync_run_id);
    woo.down = false;
    expect(failed.status).to.equal('failed');
    expect(failed.error).to.match(/page 1: the store did not answer/);
    expect((await call.ok('get_product', { external_id: String(gone.id) })).product.status).to.equal('active');
    const run = await sync('full');
    expect(run).to.include({ status: 'completed', deleted: 1 });
    expect((await call.ok('get_product', { external_id: String(gone.id) })).product.status).to.equal('deleted');
    expect((await call.ok('list_products', { limit: 100 })).count).to.equal(29);
  });

  it('resumes a run whose process died from its saved page', async () => {
    const conn = k.orm.em.fork().getConnection();
    // A full run that wrote pages 1–3 (and marked their products seen) before its process died.
    const [dead] = await conn.execute(
      `insert into product_sync_runs (shop_id, platform_type, mode, status, cursor, pages, read, created, updated, deleted, started_at, heartbeat_at)
       values (?, 'ecomB', 'full', 'running', '4', 3, 21, 0, 0, 0, now() - interval '10 minutes', now() - interval '10 minutes')
       returning id`,
      [shop.shopId],
    );
    const firstPages = [...woo.data.products]
      .sort((a, b) => a.updatedAt.getTime() - b.updatedAt.getTime() || a.id - b.id)
      .slice(0, 21)
      .map((p) => String(p.id));
    await conn.execute(`update products set seen_run = ? where shop_id = ? and external_id in (?)`, [
      dead.id,
      shop.shopId,
      firstPages,
    ]);
    expect(await k.scheduler.runTick('products.resume-product-syncs', new Date(Date.UTC(2031, 0, 1, 0, 0)))).to.equal(
      'ran',
    );
    const run = await finished(dead.id);
    expect(run).to.include({ status: 'completed', pages: 5, read: 29, deleted: 0 });
    expect((await call.ok('list_products', { limit: 100 })).count).to.equal(29);
  });

  it('searches with typos and without accents, SKU first; hidden and out-of-stock products when asked', async () => {
    await sync('full');
    const find = async (query: string, extra: Record<string, unknown> = {}) =>
      (await call.ok('search_products', { query, ...extra })).results;
    const typo = await find('camseta roja');
    expect(typo[0].product.title).to.match(/^Camiseta roja/);
    const accents = await find('SUDÁDERA');
    expect(accents.every((r: any) => /Sudadera/.test(r.product.title))).to.equal(true);
    expect(accents.length).to.be.greaterThan(0);
    const source = woo.data.products.find((p) => p.status === 'active' && p.title.startsWith('Gorra'))!;
    const bySku = await find(source.variants[0]!.sku);
    expect(bySku[0]).to.include({ match: 'sku' });
    expect(bySku[0].product.external_id).to.equal(String(source.id));
    const { product } = await call.ok('get_product', { external_id: String(source.id) });
    await call.ok('update_product_notes', { product_id: product.product_id, hidden_from_ai: true });
    expect((await find(source.variants[0]!.sku)).map((r: any) => r.product.product_id)).not.to.include(
      product.product_id,
    );
    const stocked = await find('camiseta', { in_stock_only: true });
    expect(stocked.length).to.be.greaterThan(0);
    expect(stocked.every((r: any) => r.product.in_stock)).to.equal(true);
    const cheap = await find('camiseta', { price_max: '20' });
    expect(cheap.every((r: any) => Number(r.product.price_min) <= 20)).to.equal(true);
    await call.fails('search_products', { query: '   ' }, 'invalid_arguments');
    await call.fails('search_products', { query: 'x', price_min: '50', price_max: '10.5' }, 'invalid_arguments');
    const asNumber = await call.fails('search_products', { query: 'x', price_max: 20 }, 'invalid_arguments');
    expect(asNumber.errors.map((e: any) => e.path)).to.deep.equal(['price_max']);
    const asFloat = await call.fails('search_products', { query: 'x', price_max: '19,99' }, 'invalid_arguments');
    expect(asFloat.errors).to.deep.equal([
      { path: 'price_max', message: 'must be an amount as a decimal string, such as "25" or "25.50"' },
    ]);
    expect((await call.ok('search_products', { query: 'camiseta' }, other)).count).to.equal(0);
  });

  it('follows the change feed: a deleted product at once, a changed one through an incremental run', async () => {
    const hookUrl = new URL(woo.webhooks.find((h) => h.topic === 'product.deleted')!.delivery_url).pathname;
    const victim = woo.data.products[12]!;
    const deleted = woo.delivery('product.deleted', { id: victim.id }, 'products-del-1');
    expect(
      (await k.app.inject({ method: 'POST', url: hookUrl, headers: deleted.headers, payload: deleted.body }))
        .statusCode,
    ).to.equal(200);
    expect((await call.ok('get_product', { external_id: String(victim.id) })).product.status).to.equal('deleted');
    const changed = woo.data.touchProduct(woo.data.products[13]!.id, { title: 'Mochila nueva' });
    const updated = woo.delivery('product.updated', woo.productJson(changed), 'products-upd-1');
    await k.app.inject({
      method: 'POST',
      url: new URL(woo.webhooks.find((h) => h.topic === 'product.updated')!.delivery_url).pathname,
      headers: updated.headers,
      payload: updated.body,
    });
    const { sync_run } = await call.ok('get_product_sync_status');
    expect(sync_run).to.include({ status: 'running', mode: 'incremental' });
    await k.scheduler.runTick('products.resume-product-syncs', new Date(Date.UTC(2031, 0, 1, 0, 1)));
    await finished(sync_run.sync_run_id);
    expect((await call.ok('get_product', { external_id: String(changed.id) })).product.title).to.equal('Mochila nueva');
  });

  it('keeps the catalogue’s dictionary exact through every write, and corrects misspelt words against it', async () => {
    const conn = k.orm.em.fork().getConnection();
    const counted = async () =>
      (
        await conn.execute(`select word, products from product_words where shop_id = ? order by word`, [shop.shopId])
      ).map((r: any) => `${r.word}:${r.products}`);
    const recounted = async () =>
      (
        await conn.execute(
          `select w as word, count(*)::int as products from products p, unnest(product_search_words(p.search_text, p.status)) w
            where p.shop_id = ? group by w order by w`,
          [shop.shopId],
        )
      ).map((r: any) => `${r.word}:${r.products}`);
    expect(await counted())
      .to.include('camiseta:4')
      .and.to.deep.equal(await recounted());
    // A deletion takes its words out (mochila is one product fewer), a rename swaps them.
    await conn.execute(`update products set status = 'deleted' where shop_id = ? and external_id = ?`, [
      shop.shopId,
      String(woo.data.products[3]!.id),
    ]);
    await conn.execute(`update products set search_text = 'gorra zzzunica' where shop_id = ? and external_id = ?`, [
      shop.shopId,
      String(woo.data.products[4]!.id),
    ]);
    const after = await counted();
    expect(after)
      .to.include('zzzunica:1')
      .and.to.deep.equal(await recounted());
    expect(after.some((w) => w.startsWith('acme:'))).to.equal(true);
    const find = async (query: string) => (await call.ok('search_products', { query })).results;
    // "cmiseta" is not a word of the catalogue: corrected to camiseta, and every result holds both words.
    const corrected = await find('cmiseta roja');
    expect(corrected[0]).to.include({ match: 'fuzzy' });
    expect(corrected.every((r: any) => /^Camiseta roja/.test(r.product.title))).to.equal(true);
    // Words run together are no word at all: found by trigram similarity, the last resort.
    expect((await find('camisetaroja'))[0].product.title).to.match(/^Camiseta roja/);
    // Another shop's words are not this shop's dictionary.
    expect((await call.ok('search_products', { query: 'cmiseta roja' }, other)).count).to.equal(0);
  });

  it('checks stock live, refreshes the catalogue with it, and falls back to stored figures marked stale', async () => {
    const source = woo.data.products.find((p) => p.status === 'active' && p.variants.length === 3)!;
    const { product } = await call.ok('get_product', { external_id: String(source.id) });
    source.variants[1]!.stock = 0;
    const live = await call.ok('check_product_availability', {
      product_id: product.product_id,
      options: { size: 'm' },
    });
    expect(live).to.include({ live: true, stale: false, available: false, error: null });
    expect(live.variants).to.have.length(1);
    expect(live.variants[0]).to.include({ sku: source.variants[1]!.sku, stock: 0 });
    const stored = await call.ok('get_product', { product_id: product.product_id });
    expect(stored.product.variants.find((v: any) => v.sku === source.variants[1]!.sku).stock).to.equal(0);
    woo.down = true;
    try {
      const stale = await call.ok('check_product_availability', { sku: source.variants[0]!.sku });
      expect(stale).to.include({ live: false, stale: true });
      expect(stale.error).to.match(/did not answer/);
      expect(stale.age_seconds).to.be.at.least(0);
      expect(stale.variants).to.have.length(3);
    } finally {
      woo.down = false;
    }
    const offline = await call.ok('check_product_availability', { product_id: product.product_id, live: false });
    expect(offline).to.include({ live: false, stale: false });
  });

  it('drops the catalogue when the store is disconnected with purge_catalog', async () => {
    await call.ok('disconnect_ecommerce', { platform_type: 'ecomB', purge_catalog: true });
    expect((await call.ok('list_products')).count).to.equal(0);
    const words = await k.orm.em
      .fork()
      .getConnection()
      .execute(`select count(*)::int as n from product_words where shop_id = ?`, [shop.shopId]);
    expect(words[0].n).to.equal(0);
  });
});

describe('products: PrestaShop catalogue in every language', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let presta: PrestaShopFake;

  before(async () => {
    presta = await new PrestaShopFake(StoreData.seed({ products: 12, customers: 1, orders: 1 }), {
      key: PS_KEY,
    }).start();
    k = await bootKernel({
      groups: ['integrations', 'products'],
      overrides: { network: { trustedCaPem: fakeCertificate().certPem } },
    });
  });
  after(async () => {
    await k?.close();
    await presta?.stop();
  });

  it('keeps each language’s title and finds a product by its English name', async () => {
    const { token } = await k.newShop('Presta shop');
    const args = { platform_type: 'ecomC', ecomC_store_url: presta.origin, ecomC_api_key: PS_KEY };
    await k.call(token, 'connect_ecommerce', args);
    await ok(k, token, 'connect_ecommerce', { ...args, confirm: true });
    await ok(k, token, 'sync_products', { mode: 'full' });
    for (let i = 0; i < 200; i++) {
      const { sync_run } = await ok(k, token, 'get_product_sync_status');
      if (sync_run.status !== 'running') break;
      await sleep(30);
    }
    const { product } = await ok(k, token, 'get_product', { external_id: '1004' });
    expect(product.translations['en-us'].title).to.equal('Gorra roja 4 (EN)');
    expect(product.translations['es-es'].title).to.equal('Gorra roja 4');
    const { results } = await ok(k, token, 'search_products', { query: 'Gorra roja 4 (EN)' });
    expect(results[0].product.external_id).to.equal('1004');
  });
});
