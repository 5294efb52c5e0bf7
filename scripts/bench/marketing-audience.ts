/**
 * Mass-marketing audience benchmark (not a test).
 *
 * 1. Import into a new shop: a CSV of --rows contacts (default 1,000,000; mixed formats:
 *    "+34 6xx xxx xxx", "0034…", plain E.164, ~0.5% invalid rows, ~1% repeated phones) streamed
 *    through the import pipeline (checked in chunks, COPY into a stage, one merge) in one
 *    transaction. Prints rows/s and the peak memory of the process (RSS and heap) while it ran.
 * 2. The shop then gets its records (not timed, bulk SQL): every imported phone becomes a customer
 *    with tags and a last contact, 300,000 phones get chat history, 30,000 are blacklisted,
 *    unsubscribed or opted out. The first list is deleted.
 * 3. Import of the same CSV again, into a second list: now every new member's audience facts are
 *    joined from those records (the worst case for an import). rows/s again.
 * 4. count_filtered_contacts over MCP (tools/call through the server's route) on the second list,
 *    after VACUUM ANALYZE: p50 / p95 per segment over --runs calls, each count checked against the
 *    same segment counted straight from the customers, whatsapp_ops and exclusion tables. The first
 *    call re-derives the list's exclusion flags (the exclusions were written by SQL, not through
 *    the services) and is shown apart.
 *
 *   npm run bench:marketing [-- --rows 1000000 --runs 30]
 *
 * Targets: import ≥ 100,000 rows/s; count_filtered_contacts p50 ≤ 100 ms on a
 * 1,000,000-member list with tags. Uses its own database on the local PostgreSQL (or DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { benchKernel } from './bench-kernel.js';
import { serviceProbe } from '../../test/fixtures/fixture-groups.js';
import { withShop } from '../../test/fixtures/service-probe/index.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '30' } },
});
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);

const { kernel, close } = await benchKernel({
  service_probe: serviceProbe,
});
const conn = kernel.orm.em.getConnection();
const { shopId, token } = await kernel.shops.create({ name: 'Marketing bench' });

// ---------------------------------------------------------------- import
const phoneOf = (i: number) => `6${String(i).padStart(8, '0')}`;
function formatted(i: number): string {
  const n = phoneOf(i);
  switch (i % 4) {
    case 0:
      return `+34${n}`;
    case 1:
      return `+34 ${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
    case 2:
      return `0034${n}`;
    default:
      return `+34-${n.slice(0, 3)}-${n.slice(3)}`;
  }
}
/** The CSV, 10,000 lines per chunk, generated as it is read (never held whole). */
async function* csvChunks(): AsyncGenerator<string> {
  yield 'phone,name\n';
  let chunk = '';
  for (let line = 1; line <= ROWS; line++) {
    if (line % 200 === 0) chunk += `not-a-phone-${line},Broken ${line}\n`;
    else if (line % 97 === 0) chunk += `${formatted(line - 1)},"Repeat, ${line}"\n`;
    else chunk += `${formatted(line)},Contact ${line}\n`;
    if (line % 10_000 === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

const mb = (n: number) => `${Math.round(n / 1e6)} MB`;

/** One timed import of the generated CSV into a new list, with the process's peak memory while it ran. */
async function importCsv(listName: string) {
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const before = process.memoryUsage();
  const sampler = setInterval(sample, 50);
  const t0 = performance.now();
  const imported = await withShop(
    shopId,
    async (ctx) => {
      const list = await ctx.services.marketingContactListsService.createList(listName, null);
      return ctx.services.marketingContactImportsService.fromCsvStream(list.id, csvChunks(), undefined);
    },
    { transactional: true },
  );
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  sample();
  console.log(
    `rows ${imported.received}, added ${imported.added}, duplicates ${imported.duplicates}, invalid ${imported.invalid_count}`,
  );
  console.log(
    `time ${seconds.toFixed(2)} s → ${Math.round(imported.received / seconds).toLocaleString('en')} rows/s (target ≥ 100,000)`,
  );
  console.log(
    `memory: RSS ${mb(before.rss)} before, peak ${mb(peakRss)}; heap ${mb(before.heapUsed)} before, peak ${mb(peakHeap)}`,
  );
  return imported;
}

console.log('\n== import into a new shop (CSV stream → checked chunks → COPY → one merge, one transaction)');
const first = await importCsv('Bench 1M');
const firstListId = first.list.id as number;

// ---------------------------------------------------------------- audience data
console.log("\n== the shop's records: customers with tags, chat history, exclusions (not timed)");
await conn.execute(
  `insert into customers (shop_id, phone, name, created_at, updated_at, last_contact_at)
   select shop_id, phone, name, now(), now(), case when (substr(phone, 5)::int % 3) = 0 then now() - make_interval(days => substr(phone, 5)::int % 90) end
   from marketing_list_members where list_id = ?`,
  [firstListId],
);
for (const [tag, modulo, rest] of [
  ['VIP', 20, 0],
  ['newsletter', 3, 0],
  ['churned', 10, 1],
  ['wholesale', 50, 7],
] as const) {
  await conn.execute(
    `insert into customer_tags (shop_id, customer_id, name, color, created_at, updated_at)
     select shop_id, id, ?, '#2563eb', now(), now() from customers where shop_id = ? and id % ? = ?`,
    [tag, shopId, modulo, rest],
  );
}
const exclusion = (table: string, step: number, extra = '') =>
  conn.execute(
    `insert into ${table} (shop_id, phone, created_at${extra ? `, ${extra.split('=')[0]}` : ''}) select ?, '+346' || lpad((g * ${step})::text, 8, '0'), now()${extra ? `, ${extra.split('=')[1]}` : ''} from generate_series(1, 10000) g`,
    [shopId],
  );
await exclusion('marketing_blacklist', 89);
await exclusion('marketing_unsubscribes', 83, "source='reply'");
await exclusion('chatapp_optouts', 97);
const [session] = (await conn.execute(
  `insert into chatapp_sessions (shop_id, label, session_key, adapter, sandbox, routing_roles, mass_marketing_enabled, status, created_at, updated_at)
   values (?, 'bench', 'bench-' || md5(random()::text), 'sandbox', true, '["marketing"]', true, 'connected', now(), now()) returning id`,
  [shopId],
)) as { id: number }[];
await conn.execute(
  `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, automatic, credits_charged, sent_at, created_at, updated_at)
   select ?, ?, '+346' || lpad(((g % 300000) * 3)::text, 8, '0'), 'inbound', 'hi', 'received', false, 0, now(), now(), now() from generate_series(1, 900000) g`,
  [shopId, session!.id],
);
await withShop(shopId, (ctx) => ctx.services.marketingContactListsService.delete(firstListId), { transactional: true });
for (const table of [
  'customers',
  'customer_tags',
  'marketing_blacklist',
  'marketing_unsubscribes',
  'chatapp_optouts',
  'chatapp_messages',
]) {
  await conn.execute(`vacuum analyze ${table}`);
}

console.log("\n== import again, into a second list: every new member's facts joined from those records");
const imported = await importCsv('Bench 1M, known customers');
const listId = imported.list.id as number;
await conn.execute('vacuum analyze marketing_list_members');

// ---------------------------------------------------------------- counts
let id = 1;
async function count(filters: Record<string, unknown>): Promise<{ ms: number; count: number }> {
  const t = performance.now();
  const res = await kernel.app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({
      jsonrpc: '2.0',
      id: id++,
      method: 'tools/call',
      params: {
        name: 'count_filtered_contacts',
        arguments: { action: 'count_filtered', list_id: listId, segment_filters: filters },
      },
    }),
  });
  const ms = performance.now() - t;
  const payload = res.json().result.structuredContent;
  if (!payload.success) throw new Error(JSON.stringify(payload));
  return { ms, count: payload.count };
}

/** The segment counted from the source tables (customers, tags, messages, exclusions), not from the members' facts. */
async function reference(f: {
  tags?: string[];
  exclude_tags?: string[];
  last_contact_days?: number;
  has_chatapp_history?: boolean;
}): Promise<number> {
  const where = [
    `m.shop_id = ${shopId} and m.list_id = ${listId}`,
    `m.phone not in (select phone from marketing_blacklist where shop_id = ${shopId} union all select phone from marketing_unsubscribes where shop_id = ${shopId}
       union all select phone from chatapp_optouts where shop_id = ${shopId})`,
  ];
  const params: unknown[] = [];
  const tagged = (tags: string[]) => {
    params.push(`{${tags.map((t) => t.toLowerCase()).join(',')}}`);
    return `exists (select 1 from customers c join customer_tags t on t.customer_id = c.id where c.shop_id = ${shopId} and c.phone = m.phone and lower(t.name) = any(?::text[]))`;
  };
  if (f.tags) where.push(tagged(f.tags));
  if (f.exclude_tags) where.push(`not ${tagged(f.exclude_tags)}`);
  if (f.last_contact_days) {
    params.push(f.last_contact_days);
    where.push(
      `exists (select 1 from customers c where c.shop_id = ${shopId} and c.phone = m.phone and c.last_contact_at >= now() - make_interval(days => ?::int))`,
    );
  }
  if (f.has_chatapp_history !== undefined) {
    where.push(
      `${f.has_chatapp_history ? '' : 'not '}exists (select 1 from chatapp_messages x where x.shop_id = ${shopId} and x.phone = m.phone and x.sent_at is not null)`,
    );
  }
  const [row] = (await conn.execute(
    `select count(*)::int as n from marketing_list_members m where ${where.join(' and ')}`,
    params,
  )) as { n: number }[];
  return row!.n;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const firstCall = await count({});
console.log(
  `\n== count_filtered_contacts on a ${imported.list.member_count.toLocaleString('en')}-member list (${RUNS} calls each, after 3 warm-up calls)`,
);
console.log(
  `first call ({}), re-deriving the exclusion flags after the SQL-written exclusions: ${firstCall.ms.toFixed(1)} ms`,
);
const segments: [string, Record<string, unknown>][] = [
  ['{} (exclusions only)', {}],
  ['tags [vip] (5%)', { tags: ['vip'] }],
  ['tags [newsletter] (33%) + exclude_tags [churned]', { tags: ['newsletter'], exclude_tags: ['churned'] }],
  ['tags [vip] + last_contact_days 30', { tags: ['vip'], last_contact_days: 30 }],
  ['exclude_tags [churned]', { exclude_tags: ['churned'] }],
  ['has_chatapp_history true', { has_chatapp_history: true }],
];
let mismatches = 0;
for (const [label, filters] of segments) {
  for (let i = 0; i < 3; i++) await count(filters);
  const times: number[] = [];
  let n = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = await count(filters);
    times.push(r.ms);
    n = r.count;
  }
  times.sort((a, b) => a - b);
  const expected = await reference(filters);
  if (expected !== n) mismatches++;
  console.log(
    `${label.padEnd(52)} count ${String(n).padStart(8)}   p50 ${pct(times, 50).toFixed(1).padStart(7)} ms   p95 ${pct(times, 95).toFixed(1).padStart(7)} ms   ${expected === n ? 'matches the source tables' : `MISMATCH: source tables say ${expected}`}`,
  );
}

await close();
if (mismatches) process.exitCode = 1;
