/**
 * Catalogue benchmark (not a test). Targets (design note products.md): search_products p95 at most
 * 50 ms with 50,000 products per shop and 10 such shops in the database; a sync reads at least 500
 * products/s (3 variants each) from the WooCommerce and PrestaShop fakes, RSS at most 200 MB (the
 * server compiled, in a process of its own; each fake in another).
 *
 *   npm run bench:products [-- --engine postgres|embedded --shops 10 --products 50000 --searches 300 --sync 3000]
 */

import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchKernel, httpCaller, mcpCaller, percentile } from './bench-kernel.js';
import { cpuOf, memoryOf } from './proc.js';
import { freePort, spawnServer, waitForReady } from '../../test/helpers/server-process.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    shops: { type: 'string', default: '10' },
    products: { type: 'string', default: '50000' },
    searches: { type: 'string', default: '300' },
    sync: { type: 'string', default: '3000' },
  },
});
const SHOPS = Number(values.shops);
const PRODUCTS = Number(values.products);
const SEARCHES = Number(values.searches);
const SYNC = Number(values.sync);
const PS_KEY = 'BENCHPRODUCTSKEYBENCHPRODUCTS123';

/** The fake store runs apart, as a real one would: the figures are the server's CPU and memory. */
async function storeFake(platform: 'woocommerce' | 'prestashop', credential: string) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx/esm', 'scripts/bench/store-fake.ts', platform, String(SYNC), credential],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const { origin, certPem } = await new Promise<{ origin: string; certPem: string }>((resolve) =>
    child.stdout.setEncoding('utf8').once('data', (line: string) => resolve(JSON.parse(line))),
  );
  return {
    origin,
    certPem,
    stop: () => new Promise((resolve) => (child.kill('SIGTERM'), child.once('exit', resolve))),
  };
}
const stores = {
  woocommerce: await storeFake('woocommerce', 'ck'),
  prestashop: await storeFake('prestashop', PS_KEY),
};
const { kernel, close } = await benchKernel(
  {},
  {
    embedded: values.engine === 'embedded',
    overrides: {
      network: { allowLoopback: true, trustedCaPem: stores.woocommerce.certPem + stores.prestashop.certPem },
    },
  },
);
const conn = kernel.orm.em.getConnection();
const row = (label: string, value: string, target: string, met: boolean) =>
  console.log(`${label.padEnd(46)} ${value.padEnd(28)} target ${target.padEnd(12)} ${met ? 'met' : 'NOT MET'}`);

console.log(`\n1. search_products over ${SHOPS} shops × ${PRODUCTS} products, ${SEARCHES} searches in one shop`);
const KINDS = [
  'camiseta',
  'zapatilla',
  'chaqueta',
  'mochila',
  'gorra',
  'pantalón',
  'sudadera',
  'bufanda',
  'vestido',
  'cinturón',
];
const COLOURS = ['roja', 'azul', 'verde', 'negra', 'blanca', 'gris', 'amarilla', 'morada'];
const MATERIALS = ['algodón', 'lino', 'lana', 'cuero', 'poliéster', 'seda'];
const started = performance.now();
const tokens: string[] = [];
for (let s = 0; s < SHOPS; s++) {
  const { shopId, token } = await kernel.shops.create({ name: `Catalogue ${s}` });
  tokens.push(token);
  await conn.execute(
    `insert into products (shop_id, platform_type, external_id, title, tags, status, images, price_min, price_max, currency,
                           in_stock, total_stock, translations, search_text, content_hash, hidden_from_ai, synced_at, created_at)
     select ?, 'ecomB', g::text, t.title, '[]', 'active', '[]', (10 + g % 90)::text, (10 + g % 90)::text, 'EUR', g % 5 <> 0, g % 20,
            '{}', sb_search_text(t.title || ' SKU-' || g), md5(g::text), false, now(), now()
       from generate_series(1, ?) g,
            lateral (select (array[${KINDS.map((k) => `'${k}'`).join(',')}])[1 + g % ${KINDS.length}] || ' ' ||
                            (array[${COLOURS.map((c) => `'${c}'`).join(',')}])[1 + (g / ${KINDS.length}) % ${COLOURS.length}] || ' de ' ||
                            (array[${MATERIALS.map((m) => `'${m}'`).join(',')}])[1 + (g / ${KINDS.length * COLOURS.length}) % ${MATERIALS.length}] ||
                            ' modelo ' || g as title) t`,
    [shopId, PRODUCTS],
  );
  await conn.execute(
    `insert into product_variants (shop_id, product_id, external_id, sku, options, price, stock, available)
     select shop_id, id, external_id || '-1', 'SKU-' || external_id, '{}', price_min, total_stock, in_stock from products where shop_id = ?`,
    [shopId],
  );
}
// As autovacuum (PostgreSQL) and the statistics job (embedded) leave a table after a bulk load: its
// statistics fresh and the GIN indexes' pending lists merged (a search reads a pending list whole).
await conn.execute('vacuum analyze products');
await conn.execute('vacuum analyze product_variants');
console.log(`  loaded ${SHOPS * PRODUCTS} products in ${((performance.now() - started) / 1000).toFixed(0)} s`);
const search = mcpCaller(kernel, tokens[0]!);
const typo = (w: string) => (w.length > 4 ? w.slice(0, 2) + w.slice(3) : w);
const queries = Array.from({ length: SEARCHES }, (_, i) => {
  const kind = KINDS[i % KINDS.length]!;
  const colour = COLOURS[i % COLOURS.length]!;
  return i % 3 === 0
    ? `${typo(kind)} ${colour}`
    : i % 3 === 1
      ? `SKU-${1 + ((i * 137) % PRODUCTS)}`
      : `${kind} ${colour} ${MATERIALS[i % MATERIALS.length]}`;
});
const times: number[] = [];
const byKind: number[][] = [[], [], []];
let empty = 0;
for (const [i, query] of queries.entries()) {
  const t0 = performance.now();
  const { count } = await search('search_products', { query });
  times.push(performance.now() - t0);
  byKind[i % 3]!.push(performance.now() - t0);
  if (count === 0) empty++;
}
for (const [i, kind] of ['a typo and a colour', 'a SKU', 'three words'].entries())
  console.log(
    `  ${kind.padEnd(20)} p50 ${percentile(byKind[i]!, 50).toFixed(1)} ms, p95 ${percentile(byKind[i]!, 95).toFixed(1)} ms`,
  );
row(
  '  p50 / p95 / p99',
  `${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} / ${percentile(times, 99).toFixed(1)} ms`,
  'p95 ≤ 50 ms',
  percentile(times, 95) <= 50,
);
console.log(`  queries with no result: ${empty} of ${SEARCHES}`);

console.log(
  `\n2. sync_products (full) of ${SYNC} products × 3 variants: the server compiled in a process of its own, as npm start runs it; each store in one of its own`,
);
const syncShops = {
  woocommerce: await kernel.shops.create({ name: 'Sync WooCommerce' }),
  prestashop: await kernel.shops.create({ name: 'Sync PrestaShop' }),
};
// The embedded engine's folder is one process's at a time.
await kernel.close();
const configFile = join(await mkdtemp(join(tmpdir(), 'sb-bench-products-')), 'config.json');
await writeFile(
  configFile,
  JSON.stringify({
    auth: { requestsPerWindow: 1_000_000_000 },
    network: { allowLoopback: true, trustedCaPem: stores.woocommerce.certPem + stores.prestashop.certPem },
  }),
);
const server = await spawnServer(await freePort(), {
  ...(values.engine === 'embedded'
    ? { DATA_DIR: kernel.config.database.dataDir }
    : { DATABASE_URL: kernel.config.database.url! }),
  SWITCHBOARD_CONFIG: configFile,
  SWITCHBOARD_SECRET: 'bench-secret-bench-secret-0123456789',
  LOG_LEVEL: 'error',
});
await waitForReady(server);
const pid = server.child.pid!;
console.log(`  server RSS when ready: ${Math.round(memoryOf(pid).rss)} MB`);
for (const [label, platform, args] of [
  [
    'WooCommerce',
    'woocommerce',
    (origin: string) => ({
      platform_type: 'ecomB',
      ecomB_store_url: origin,
      ecomB_consumer_key: 'ck',
      ecomB_consumer_secret: 'ck',
    }),
  ],
  [
    'PrestaShop',
    'prestashop',
    (origin: string) => ({ platform_type: 'ecomC', ecomC_store_url: origin, ecomC_api_key: PS_KEY }),
  ],
] as const) {
  const fake = stores[platform];
  const call = httpCaller(server.url, syncShops[platform].token);
  await call('connect_ecommerce', args(fake.origin));
  const t0 = performance.now();
  const cpu0 = cpuOf(pid);
  const { sync_run } = await call('sync_products', { mode: 'full' });
  let run = sync_run;
  while (run.status === 'running') {
    await new Promise((r) => setTimeout(r, 50));
    run = (await call('get_product_sync_status', { sync_run_id: sync_run.sync_run_id })).sync_run;
  }
  const rate = run.read / ((performance.now() - t0) / 1000);
  row(`  ${label} (${run.status}, ${run.created} created)`, `${Math.round(rate)} products/s`, '≥ 500/s', rate >= 500);
  console.log(`  ${label} server CPU per product: ${((cpuOf(pid) - cpu0) / run.read).toFixed(2)} ms`);
  const { peak } = memoryOf(pid);
  row(`  server peak RSS so far (VmHWM)`, `${Math.round(peak)} MB`, '≤ 200 MB', peak <= 200);
  await fake.stop();
}
await server.stop();

await close();
