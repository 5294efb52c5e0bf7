import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';
import { recorded } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { PrestaShopFake } from '../../../test/helpers/storefronts/prestashop-fake.js';
import { ShopifyFake } from '../../../test/helpers/storefronts/shopify-fake.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { VtexFake } from '../../../test/helpers/storefronts/vtex-fake.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';

const PS_KEY = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ123456';
const SHOPIFY_TOKEN = 'shpat_acme_token_0001';
const APP_SECRET = 'shopify-client-secret-0001';

describe('integrations: storefront connections, live lookups, languages and the change feed', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let other: { shopId: number; token: string };
  let shopify: ShopifyFake;
  let woo: WooCommerceFake;
  let presta: PrestaShopFake;
  let vtex: VtexFake;
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}, as = shop) => ok(k, as.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string, as = shop) =>
      fails(k, as.token, tool, args, code),
  };
  /** A tool that asks for confirmation: the first call describes, the second with confirm: true runs. */
  const confirmed = async (tool: string, args: Record<string, unknown>, as = shop) => {
    const { payload } = await k.call(as.token, tool, args);
    expect(payload, JSON.stringify(payload)).to.include({ requires_confirmation: true });
    return { summary: payload.summary as string, result: await call.ok(tool, { ...args, confirm: true }, as) };
  };
  const shopifyArgs = { platform_type: 'ecomA', ecomA_url: '', ecomA_token: SHOPIFY_TOKEN };
  const wooArgs = () => ({
    platform_type: 'ecomB',
    ecomB_store_url: woo.origin,
    ecomB_consumer_key: 'ck_acme_key_1234',
    ecomB_consumer_secret: 'cs_acme_secret_5678',
  });
  /** POSTs a platform delivery to the address the store was given. */
  const deliver = (url: string, delivery: { headers: Record<string, string>; body: string }) =>
    k.app.inject({ method: 'POST', url: new URL(url).pathname, headers: delivery.headers, payload: delivery.body });

  before(async () => {
    const data = () => StoreData.seed({ products: 12, customers: 6, orders: 12 });
    shopify = await new ShopifyFake(data(), { token: SHOPIFY_TOKEN }).start();
    woo = await new WooCommerceFake(data(), {
      consumerKey: 'ck_acme_key_1234',
      consumerSecret: 'cs_acme_secret_5678',
    }).start();
    presta = await new PrestaShopFake(data(), { key: PS_KEY }).start();
    vtex = await new VtexFake(data(), { appKey: 'vtexappkey-acme-XYZ', appToken: 'vtex-token-0001' }).start();
    shopifyArgs.ecomA_url = shopify.origin;
    k = await bootKernel({
      groups: ['integrations'],
      overrides: {
        server: { publicBaseUrl: 'https://switchboard.example.com' },
        network: { trustedCaPem: fakeCertificate().certPem },
        auth: { requestsPerWindow: 1_000_000 },
        groups: {
          service_probe: serviceProbe,
          integrations: {
            enabled: true,
            config: { vtexApiBase: vtex.origin, requestTimeoutMs: 3_000, probeTimeoutMs: 3_000, maxWaitMs: 2_000 },
          },
        },
      },
    });
    shop = await k.newShop('Storefront shop');
    other = await k.newShop('Other shop');
  });
  after(async () => {
    await k?.close();
    await Promise.all([shopify, woo, presta, vtex].map((f) => f?.stop()));
  });

  describe('connect_ecommerce', () => {
    it('needs the chosen platform’s fields and refuses another platform’s', async () => {
      const missing = await call.fails(
        'connect_ecommerce',
        { platform_type: 'ecomB', ecomB_store_url: woo.origin },
        'invalid_arguments',
      );
      expect(missing.message).to.match(/ecomB_consumer_key, ecomB_consumer_secret/);
      const mixed = await call.fails('connect_ecommerce', { ...wooArgs(), ecomC_api_key: PS_KEY }, 'invalid_arguments');
      expect(mixed.message).to.match(/ecomC_api_key belong to another platform/);
      await call.fails('connect_ecommerce', { ...wooArgs(), ecomA_locale_mode: 'fixed' }, 'invalid_arguments');
      const http = await call.fails(
        'connect_ecommerce',
        { ...wooArgs(), ecomB_store_url: woo.origin.replace('https', 'http') },
        'invalid_arguments',
      );
      expect(http.message).to.match(/HTTPS/);
      await call.fails('connect_ecommerce', { ...wooArgs(), platform_enabled: 'maybe' }, 'invalid_arguments');
    });

    it('refuses a store URL that resolves to a private address', async () => {
      const refused = await call.fails(
        'connect_ecommerce',
        { ...wooArgs(), ecomB_store_url: 'https://10.1.2.3' },
        'url_not_allowed',
      );
      expect(refused.reason).to.match(/private/);
    });

    it('checks the credentials against the store before any confirmation: wrong ones fail on the first call', async () => {
      const wrong = await call.fails(
        'connect_ecommerce',
        { ...shopifyArgs, ecomA_token: 'shpat_wrong' },
        'connection_failed',
      );
      expect(wrong).to.include({ platform_type: 'ecomA', reason: 'auth', status: 401 });
      expect(wrong).not.to.have.property('requires_confirmation');
      expect(JSON.stringify(wrong)).not.to.include('shpat_wrong');
      await call.fails('get_ecommerce_connection', { platform_type: 'ecomA' }, 'not_connected');
    });

    it('connects after confirmation; the summary names the store; secrets are sealed and shown masked', async () => {
      const { summary, result } = await confirmed('connect_ecommerce', shopifyArgs);
      expect(summary).to.match(/Connect the Shopify store “Acme Shopify” \(EUR, 12 products\)/);
      const connection = result.connection;
      expect(connection).to.include({
        platform_type: 'ecomA',
        platform: 'Shopify',
        enabled: true,
        store_name: 'Acme Shopify',
        currency: 'EUR',
        status: 'active',
      });
      expect(connection.credentials).to.deep.equal({ ecomA_token: '…0001' });
      expect(JSON.stringify(result)).not.to.include(SHOPIFY_TOKEN);
      // Shopify signs webhooks with the app's client secret, which connect does not take: polling.
      expect(connection.feed_mode).to.equal('polling');
      expect(connection.webhooks_note).to.match(/ecomA_webhook_secret/);
      expect(connection.locales.store_locales.map((l: any) => l.code)).to.deep.equal(['es', 'en', 'fr']);
      const rows = await k.orm.em
        .fork()
        .getConnection()
        .execute(`select credentials_sealed from ecommerce_connections`);
      expect(JSON.stringify(rows)).not.to.include(SHOPIFY_TOKEN);
      expect(recorded.find((e) => e.name === 'integrations.connected' && e.shopId === shop.shopId)?.payload).to.include(
        {
          platform_type: 'ecomA',
          enabled: true,
          replaced: false,
        },
      );
    });

    it('registers WooCommerce webhooks at the public address; platform_enabled false keeps Shopify the one in use', async () => {
      const { result } = await confirmed('connect_ecommerce', { ...wooArgs(), platform_enabled: 'false' });
      expect(result.connection).to.include({ enabled: false, feed_mode: 'webhooks', store_name: 'Acme Woo' });
      expect(result.connection.webhooks.map((h: any) => h.topic)).to.include('order.updated');
      expect(
        woo.webhooks.every((h) => h.delivery_url.startsWith('https://switchboard.example.com/integrations/hooks/')),
      ).to.equal(true);
      const { connections } = await call.ok('list_ecommerce_connections');
      expect(connections.map((c: any) => [c.platform_type, c.enabled])).to.deep.equal([
        ['ecomA', true],
        ['ecomB', false],
      ]);
      expect((await call.ok('get_ecommerce_connection')).connection.platform_type).to.equal('ecomA');
    });

    it('generates the VTEX store URL when it is left out', async () => {
      const { result } = await confirmed('connect_ecommerce', {
        platform_type: 'ecomD',
        ecomD_account_name: 'Acme',
        ecomD_app_key: 'vtexappkey-acme-XYZ',
        ecomD_app_token: 'vtex-token-0001',
        platform_enabled: 'false',
      });
      expect(result.connection).to.include({
        store_url: 'https://acme.myvtex.com',
        account_name: 'acme',
        store_name: 'Acme VTEX',
      });
      expect(vtex.hook?.url).to.match(/^https:\/\/switchboard\.example\.com\/integrations\/hooks\//);
    });

    it('connects PrestaShop (polled: it has no webhooks) and makes it the one in use', async () => {
      const { result } = await confirmed('connect_ecommerce', {
        platform_type: 'ecomC',
        ecomC_store_url: presta.origin,
        ecomC_api_key: PS_KEY,
      });
      expect(result.connection).to.include({ enabled: true, feed_mode: 'polling', timezone: 'Europe/Madrid' });
      expect(result.connection.webhooks_note).to.match(/PrestaShop has no webhooks/);
      const { connections } = await call.ok('list_ecommerce_connections');
      expect(connections.filter((c: any) => c.enabled).map((c: any) => c.platform_type)).to.deep.equal(['ecomC']);
    });

    it('replaces a platform’s connection only through its own confirmation', async () => {
      const { summary, result } = await confirmed('connect_ecommerce', { ...shopifyArgs, platform_enabled: 'true' });
      expect(summary).to.match(/^Replace the Shopify store/);
      expect(result.replaced).to.equal(true);
      expect((await call.ok('get_ecommerce_connection')).connection.platform_type).to.equal('ecomA');
    });
  });

  describe('configure_ecommerce_locales and get_ecommerce_locales', () => {
    it('refuses fixed without a locale, a fixed locale in auto mode, and a locale the store does not publish', async () => {
      await call.fails('configure_ecommerce_locales', { ecomA_locale_mode: 'fixed' }, 'invalid_arguments');
      await call.fails('configure_ecommerce_locales', { ecomA_fixed_locale: 'en' }, 'invalid_arguments');
      const unpublished = await call.fails(
        'configure_ecommerce_locales',
        { ecomA_locale_mode: 'fixed', ecomA_fixed_locale: 'fr' },
        'invalid_arguments',
      );
      expect(unpublished.message).to.match(/published: es, en/);
    });

    it('is a partial update, and the fallback is used when detection fails', async () => {
      const first = await call.ok('configure_ecommerce_locales', { ecomA_fallback_locale: 'EN' });
      expect(first.locales).to.include({ ecomA_locale_mode: 'auto', ecomA_fallback_locale: 'en' });
      expect(first.changed).to.deep.equal(['ecomA_fallback_locale']);
      const second = await call.ok('configure_ecommerce_locales', {
        ecomA_content_locale_mode: 'fixed',
        ecomA_content_fixed_locale: 'es',
      });
      expect(second.locales).to.include({ ecomA_fallback_locale: 'en', ecomA_content_fixed_locale: 'es' });
      const resolve = async (detected: string) =>
        (await call.ok('get_ecommerce_locales', { platform_type: 'ecomA', detected_locale: detected })).resolved;
      expect(await resolve('')).to.deep.equal({
        locale: 'en',
        content_locale: 'es',
        source: 'fallback',
        content_source: 'fixed',
      });
      expect(await resolve('de')).to.include({ locale: 'en', source: 'fallback' });
      expect(await resolve('es-MX')).to.include({ locale: 'es', source: 'detected' });
      await call.ok('configure_ecommerce_locales', { ecomA_locale_mode: 'fixed', ecomA_fixed_locale: 'es' });
      expect(await resolve('en')).to.include({ locale: 'es', source: 'fixed' });
      const back = await call.ok('configure_ecommerce_locales', { ecomA_locale_mode: 'auto' });
      expect(back.locales).to.include({ ecomA_locale_mode: 'auto', ecomA_fixed_locale: null });
    });

    it('needs an ecomA connection', async () => {
      await call.fails('configure_ecommerce_locales', { ecomA_fallback_locale: 'en' }, 'not_connected', other);
    });
  });

  describe('live lookups', () => {
    it('finds the customer on each platform by phone or email', async () => {
      for (const platform_type of ['ecomA', 'ecomB', 'ecomC', 'ecomD']) {
        const byPhone = await call.ok('find_ecommerce_customer', { phone: '+34 600 100 001', platform_type });
        expect(
          byPhone.customers.map((c: any) => c.email),
          platform_type,
        ).to.deep.equal(['cliente1@example.com']);
        const byEmail = await call.ok('find_ecommerce_customer', { email: 'cliente2@example.com', platform_type });
        expect(byEmail.count, platform_type).to.equal(1);
      }
      await call.fails('find_ecommerce_customer', {}, 'invalid_arguments');
    });

    it('lists a customer’s orders on the enabled store (where is my order)', async () => {
      const { platform_type, orders } = await call.ok('list_ecommerce_orders', { phone: '+34600100001' });
      expect(platform_type).to.equal('ecomA');
      expect(orders.length).to.equal(2);
      expect(orders.every((o: any) => o.customer.email === 'cliente1@example.com')).to.equal(true);
      const shipped = await call.ok('list_ecommerce_orders', { email: 'cliente3@example.com', platform_type: 'ecomB' });
      expect(shipped.orders[0].tracking[0].number).to.match(/^PQ/);
      await call.fails('list_ecommerce_orders', { phone: '+34600100001', date_from: 'yesterday' }, 'invalid_arguments');
    });

    it('shows an order only to its customer', async () => {
      const mine = await call.ok('get_ecommerce_order', { order_number: '#1001', email: 'cliente0@example.com' });
      expect(mine.order).to.include({ order_number: '#1001', status: 'pending' });
      const theirs = await call.fails(
        'get_ecommerce_order',
        { order_number: '#1001', phone: '+34600100004' },
        'order_not_for_customer',
      );
      expect(theirs.message).to.match(/Do not share it/);
      await call.fails('get_ecommerce_order', { order_number: '#999999' }, 'not_found');
      await call.fails('get_ecommerce_order', {}, 'invalid_arguments');
    });

    it('tests the connection, and reports a store that does not answer', async () => {
      const good = await call.ok('test_ecommerce_connection', { platform_type: 'ecomC' });
      expect(good).to.include({ ok: true, store_name: 'Acme Presta' });
      expect(good.missing_permissions).to.deep.equal([]);
      woo.down = true;
      try {
        const down = await call.ok('test_ecommerce_connection', { platform_type: 'ecomB' });
        expect(down.ok).to.equal(false);
        expect(down.error.reason).to.equal('unreachable');
        const lookup = await call.fails(
          'find_ecommerce_customer',
          { email: 'cliente1@example.com', platform_type: 'ecomB' },
          'store_unavailable',
        );
        expect(lookup.reason).to.equal('unreachable');
      } finally {
        woo.down = false;
      }
    });

    it('answers not_connected for a shop without a storefront', async () => {
      await call.fails('list_ecommerce_orders', { phone: '+34600100001' }, 'not_connected', other);
      expect((await call.ok('list_ecommerce_connections', {}, other)).count).to.equal(0);
    });
  });

  describe('update_ecommerce_connection', () => {
    it('probes new credentials before saving them; wrong ones change nothing', async () => {
      await call.fails(
        'update_ecommerce_connection',
        { platform_type: 'ecomB', ecomB_consumer_secret: 'cs_wrong' },
        'connection_failed',
      );
      expect(
        (await call.ok('get_ecommerce_connection', { platform_type: 'ecomB' })).connection.credentials,
      ).to.deep.equal({
        ecomB_consumer_key: '…1234',
        ecomB_consumer_secret: '…5678',
      });
      await call.fails('update_ecommerce_connection', { platform_type: 'ecomB' }, 'invalid_arguments');
    });

    it('with Shopify’s app secret, registers its webhooks and verifies their signatures', async () => {
      const { connection } = await call.ok('update_ecommerce_connection', {
        platform_type: 'ecomA',
        ecomA_webhook_secret: APP_SECRET,
      });
      expect(connection.feed_mode).to.equal('webhooks');
      expect(connection.credentials).to.include({ ecomA_webhook_secret: '…0001' });
      expect(shopify.webhooks.map((h) => h.topic)).to.include('ORDERS_UPDATED');
      const order = shopify.data.setOrderState(9003, 'shipped');
      const delivery = shopify.delivery('orders/updated', { id: order.id, name: `#${order.number}` }, APP_SECRET);
      const accepted = await deliver(shopify.webhooks[0]!.callbackUrl, delivery);
      expect(accepted.statusCode).to.equal(200);
      expect(recorded.some((e) => e.name === 'integrations.order_updated' && e.payload.order_id === '9003')).to.equal(
        true,
      );
      const forged = await deliver(
        shopify.webhooks[0]!.callbackUrl,
        shopify.delivery('orders/updated', { id: 1 }, 'not-the-secret'),
      );
      expect(forged.statusCode).to.equal(401);
    });
  });

  describe('the change feed', () => {
    it('takes WooCommerce deliveries once: a repeat is counted, a bad signature refused and logged', async () => {
      const hookUrl = woo.webhooks.find((h) => h.topic === 'product.updated')!.delivery_url;
      const product = woo.data.touchProduct(1003, { title: 'Nuevo nombre' });
      const delivery = woo.delivery('product.updated', woo.productJson(product), 'woo-delivery-1');
      const before = recorded.filter((e) => e.name === 'integrations.product_changed').length;
      expect((await deliver(hookUrl, delivery)).statusCode).to.equal(200);
      const again = await deliver(hookUrl, delivery);
      expect(again.json()).to.include({ duplicate: true });
      const changed = recorded.filter((e) => e.name === 'integrations.product_changed');
      expect(changed.length).to.equal(before + 1);
      expect(changed.at(-1)!.payload).to.include({ platform_type: 'ecomB', deleted: false, source: 'webhook' });
      expect(changed.at(-1)!.payload.external_ids).to.deep.equal(['1003']);
      const tampered = { ...delivery, body: delivery.body.replace('Nuevo nombre', 'Otro') };
      expect((await deliver(hookUrl, tampered)).statusCode).to.equal(401);
      const ping = createHmac('sha256', woo.webhooks[0]!.secret).update('webhook_id=1').digest('base64');
      const pinged = await deliver(hookUrl, {
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-wc-webhook-signature': ping },
        body: 'webhook_id=1',
      });
      expect(pinged.statusCode).to.equal(200);
      const log = await call.ok('list_ecommerce_webhook_events', { platform_type: 'ecomB' });
      expect(log.events.map((e: any) => e.status)).to.include.members(['accepted', 'rejected_signature', 'ping']);
      expect(log.events.find((e: any) => e.event_id === 'woo-delivery-1')).to.include({
        duplicates: 1,
        topic: 'product.updated',
      });
      const rejected = await call.ok('list_ecommerce_webhook_events', { status: 'rejected_signature' });
      expect(rejected.events[0].error).to.match(/X-WC-Webhook-Signature/);
      const status = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomB' });
      expect(status.inbound_24h).to.include({ accepted: 1, duplicates: 1, rejected_signature: 1, ping: 1 });
      expect(status.inbound_24h.last_event_at).to.be.a('string');
    });

    it('writes a burst in shared transactions: each event once, its repeats counted, every request answered', async () => {
      const hookUrl = woo.webhooks.find((h) => h.topic === 'order.updated')!.delivery_url;
      const orders = woo.data.orders.slice(0, 10);
      const deliveries = orders.map((o, i) => woo.delivery('order.updated', woo.orderJson(o), `burst-${i}`));
      const burst = [...deliveries, ...deliveries.slice(0, 5), deliveries[0]!];
      const before = recorded.filter(
        (e) => e.name === 'integrations.order_updated' && e.payload.platform_type === 'ecomB',
      ).length;
      const answers = await Promise.all(burst.map((d) => deliver(hookUrl, d)));
      expect(answers.map((a) => a.statusCode)).to.deep.equal(burst.map(() => 200));
      expect(answers.filter((a) => a.json().duplicate === false)).to.have.length(10);
      const emitted = recorded.filter(
        (e) => e.name === 'integrations.order_updated' && e.payload.platform_type === 'ecomB',
      );
      expect(emitted.length - before).to.equal(10);
      const log = await call.ok('list_ecommerce_webhook_events', {
        platform_type: 'ecomB',
        topic: 'order.updated',
        limit: 100,
      });
      const burstRows = log.events.filter((e: any) => e.event_id.startsWith('burst-'));
      expect(burstRows).to.have.length(10);
      expect(burstRows.find((e: any) => e.event_id === 'burst-0').duplicates).to.equal(2);
      expect(burstRows.reduce((n: number, e: any) => n + e.duplicates, 0)).to.equal(6);
    });

    it('takes VTEX order hook calls that carry the secret header, and refuses others', async () => {
      const order = vtex.data.setOrderState(9002, 'cancelled');
      const delivery = vtex.delivery(order);
      expect((await deliver(vtex.hook!.url, delivery)).statusCode).to.equal(200);
      const forged = { ...delivery, headers: { ...delivery.headers, 'x-switchboard-hook-secret': 'guess' } };
      expect((await deliver(vtex.hook!.url, forged)).statusCode).to.equal(401);
      expect(
        recorded.some((e) => e.name === 'integrations.order_updated' && e.payload.topic === 'order.canceled'),
      ).to.equal(true);
      expect((await deliver('https://x/integrations/hooks/unknown-key', delivery)).statusCode).to.equal(404);
    });

    it('polls PrestaShop with an overlap: a change in the cursor’s own second is not lost, nothing is passed on twice', async () => {
      const first = await call.ok('sync_ecommerce_changes', { platform_type: 'ecomC' });
      expect(first.error).to.equal(null);
      const { poll } = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomC' });
      const cursor = new Date(poll.cursor);
      // Changed in the same second the cursor was taken, after the read: only the overlap finds it.
      presta.data.touchProduct(1005, { title: 'Cambiado' }, new Date(Math.floor(cursor.getTime() / 1000) * 1000));
      presta.data.addOrder(503, new Date());
      const second = await call.ok('sync_ecommerce_changes', { platform_type: 'ecomC' });
      expect(second).to.include({ error: null });
      expect(second.new_events).to.be.greaterThanOrEqual(2);
      const productEvents = recorded.filter(
        (e) => e.name === 'integrations.product_changed' && e.payload.platform_type === 'ecomC',
      );
      expect(productEvents.flatMap((e) => e.payload.external_ids)).to.include('1005');
      expect(
        recorded.some((e) => e.name === 'integrations.order_created' && e.payload.platform_type === 'ecomC'),
      ).to.equal(true);
      const third = await call.ok('sync_ecommerce_changes', { platform_type: 'ecomC' });
      expect(third.new_events).to.equal(0);
      const polled = await call.ok('list_ecommerce_webhook_events', { platform_type: 'ecomC', source: 'poll' });
      expect(polled.events.some((e: any) => e.duplicates > 0)).to.equal(true);
    });

    it('keeps the cursor when the store does not answer, and says why', async () => {
      const { poll } = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomC' });
      presta.down = true;
      try {
        const failed = await call.ok('sync_ecommerce_changes', { platform_type: 'ecomC' });
        expect(failed.error).to.match(/did not answer/);
      } finally {
        presta.down = false;
      }
      const status = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomC' });
      expect(status.poll.cursor).to.equal(poll.cursor);
      expect(status.poll.error).to.match(/did not answer/);
      expect((await call.ok('get_ecommerce_connection', { platform_type: 'ecomC' })).connection.status).to.equal(
        'error',
      );
      await call.ok('sync_ecommerce_changes', { platform_type: 'ecomC' });
      expect((await call.ok('get_ecommerce_connection', { platform_type: 'ecomC' })).connection.status).to.equal(
        'active',
      );
    });

    it('the poll job reads the polled connections that are due, and leaves the others', async () => {
      const conn = k.orm.em.fork().getConnection();
      await conn.execute(
        `update ecommerce_connections set last_poll_at = now() - interval '1 hour' where shop_id = ? and platform_type = 'ecomC'`,
        [shop.shopId],
      );
      const before = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomC' });
      const webhooksBefore = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomB' });
      presta.data.touchProduct(1007, { title: 'Por el job' });
      expect(await k.scheduler.runTick('integrations.poll-storefronts', new Date(Date.UTC(2030, 0, 1, 0, 0)))).to.equal(
        'ran',
      );
      const after = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomC' });
      expect(Date.parse(after.poll.last_poll_at)).to.be.greaterThan(Date.parse(before.poll.last_poll_at));
      expect(after.poll.cursor).not.to.equal(before.poll.cursor);
      const changed = recorded.filter(
        (e) => e.name === 'integrations.product_changed' && e.payload.platform_type === 'ecomC',
      );
      expect(changed.flatMap((e) => e.payload.external_ids)).to.include('1007');
      // A webhook connection is not polled by the job.
      const webhooksAfter = await call.ok('get_ecommerce_sync_status', { platform_type: 'ecomB' });
      expect(webhooksAfter.poll.last_poll_at).to.equal(webhooksBefore.poll.last_poll_at);
    });

    it('re-registers webhooks on request', async () => {
      const before = woo.webhooks.map((h) => h.id);
      const { connection } = await call.ok('resync_ecommerce_webhooks', { platform_type: 'ecomB' });
      expect(connection.feed_mode).to.equal('webhooks');
      expect(woo.webhooks).to.have.length(before.length);
      expect(woo.webhooks.some((h) => before.includes(h.id))).to.equal(false);
    });
  });

  describe('disconnect_ecommerce', () => {
    it('removes our webhooks from the store, then the connection and its credentials', async () => {
      const result = await call.ok('disconnect_ecommerce', { platform_type: 'ecomB', purge_catalog: true });
      expect(recorded.at(-1)).to.deep.include({ name: 'integrations.disconnected' });
      expect(recorded.at(-1)!.payload).to.deep.equal({ platform_type: 'ecomB', purge_catalog: true });
      expect(result).to.include({ platform_type: 'ecomB', webhooks_removed: 5, webhook_error: null });
      expect(woo.webhooks).to.have.length(0);
      await call.fails('get_ecommerce_connection', { platform_type: 'ecomB' }, 'not_connected');
      await call.fails('disconnect_ecommerce', { platform_type: 'ecomB' }, 'not_connected');
    });
  });
});
