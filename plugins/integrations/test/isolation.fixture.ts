import type { IsolationFixture } from '../../../test/harness/isolation.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { PrestaShopFake } from '../../../test/helpers/storefronts/prestashop-fake.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';

const KEY = 'ISOLATIONKEYISOLATIONKEY12345678';
let store: PrestaShopFake | undefined;

/**
 * Shop A connects a PrestaShop fake and reads its changes (a product touched in the store after
 * the connection), so its connection list and its event log have rows. Shop B lists both: empty.
 * The lookups aim at no stored record: they ask the calling shop's own store, and B has none.
 */
const fixture: IsolationFixture = {
  groups: ['integrations'],
  groupConfig: async () => {
    store ??= await new PrestaShopFake(StoreData.seed({ products: 3, customers: 2, orders: 2 }), { key: KEY }).start();
    return {};
  },
  network: async () => ({ trustedCaPem: fakeCertificate().certPem }),
  seed: async (callAsA) => {
    const connected = await callAsA('connect_ecommerce', {
      platform_type: 'ecomC',
      ecomC_store_url: store!.origin,
      ecomC_api_key: KEY,
    });
    if (!connected.success) throw new Error(JSON.stringify(connected));
    store!.data.touchProduct(1001, { title: 'Changed after connecting' });
    const synced = await callAsA('sync_ecommerce_changes', { platform_type: 'ecomC' });
    if (synced.new_events < 1) throw new Error(JSON.stringify(synced));
    return {};
  },
  probes: () => [
    { tool: 'list_ecommerce_connections', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_ecommerce_webhook_events', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
  ],
  snapshot: async (callAsA) => ({
    connections: (await callAsA('list_ecommerce_connections')).connections.map((c: any) => [
      c.platform_type,
      c.store_url,
    ]),
    events: (await callAsA('list_ecommerce_webhook_events')).count,
  }),
  exempt: {
    find_ecommerce_customer:
      'phone is asked of the calling shop’s own store; shop B has no connection (not_connected), and no stored record is addressed.',
    list_ecommerce_orders:
      'phone and customer_id are asked of the calling shop’s own store; shop B has no connection (not_connected).',
    get_ecommerce_order:
      'order_id and phone are asked of the calling shop’s own store; shop B has no connection (not_connected).',
  },
};

export default fixture;
