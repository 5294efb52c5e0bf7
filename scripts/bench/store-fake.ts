/**
 * A fake storefront in a process of its own, for benchmarks that measure the server alone: a real
 * store is another machine, and a fake in the server's process would add its CPU and memory to the
 * server's figures. Prints its origin and certificate (JSON) on the first line of stdout and serves
 * until killed.
 *
 *   tsx scripts/bench/store-fake.ts woocommerce|prestashop <products> <credential>
 */

import { fakeCertificate } from '../../test/helpers/storefronts/fake-server.js';
import { StoreData } from '../../test/helpers/storefronts/store-data.js';
import { WooCommerceFake } from '../../test/helpers/storefronts/woocommerce-fake.js';
import { PrestaShopFake } from '../../test/helpers/storefronts/prestashop-fake.js';

const [platform, products, credential] = process.argv.slice(2);
const data = StoreData.seed({ products: Number(products), customers: 1, orders: 1 });
const fake =
  platform === 'prestashop'
    ? new PrestaShopFake(data, { key: credential! })
    : new WooCommerceFake(data, { consumerKey: credential!, consumerSecret: credential! });
await fake.start();
process.stdout.write(`${JSON.stringify({ origin: fake.origin, certPem: fakeCertificate().certPem })}\n`);
process.once('SIGTERM', () => void fake.stop().then(() => process.exit(0)));
