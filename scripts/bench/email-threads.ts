/**
 * list_email_threads benchmark (not a test). Target: p95 ≤ 30 ms with 100,000 threads
 * in the shop. The threads are inserted with SQL (setup, not timed); then list_email_threads is
 * called through the MCP route: newest first, by status, unassigned, by account, by query, with
 * an offset, 50 times each.
 *
 *   npm run bench:email-threads [-- --engine postgres|embedded --threads 100000]
 */
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller, percentile } from './bench-kernel.js';

const { values } = parseArgs({
  options: { engine: { type: 'string', default: 'postgres' }, threads: { type: 'string', default: '100000' } },
});
const THREADS = Number(values.threads);

const { kernel, close } = await benchKernel({}, { embedded: values.engine === 'embedded' });
const { token, shopId } = await kernel.shops.create({ name: 'Threads bench' });
const callTool = mcpCaller(kernel, token);
const conn = kernel.orm.em.fork().getConnection();
const accounts = await conn.execute(
  `insert into email_accounts (shop_id, email_address, auth_type, imap_host, imap_port, imap_tls, imap_user, smtp_host, smtp_port, smtp_tls, smtp_user,
     agent_hashes, is_active, ai_classification_enabled, imap_folder, sent_copy, sync_since_days, status, consecutive_failures, created_at, updated_at)
   select ?, 'box' || i || '@bench.example', 'basic', 'imap.bench.example', 993, 'ssl', 'u', 'smtp.bench.example', 587, 'starttls', 'u',
     '[]', true, true, 'INBOX', 'append', 7, 'active', 0, now(), now() from generate_series(1, 3) i returning id`,
  [shopId],
);
await conn.execute(
  `insert into email_threads (shop_id, account_id, subject, subject_key, counterpart, participants, phone, status, assigned_agent_id, category,
     unread, message_count, last_message_at, last_inbound_at, created_at, updated_at)
   select ?, (array[?, ?, ?]::int[])[1 + i % 3], 'Order question ' || i, 'order question ' || i, 'customer' || (i % 20000) || '@buyers.example', '[]',
     case when i % 4 = 0 then '+346' || lpad((i % 100000000)::text, 8, '0') end,
     (array['open','open','pending','closed','spam'])[1 + i % 5], case when i % 3 = 0 then null else 1 + i % 7 end,
     (array['order','shipping','return','billing',null])[1 + i % 5], i % 2 = 0, 1 + i % 4,
     now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval, now(), now()
   from generate_series(1, ?) i`,
  [shopId, accounts[0].id, accounts[1].id, accounts[2].id, THREADS],
);
await conn.execute('vacuum analyze email_threads');

const shapes: [string, Record<string, unknown>][] = [
  ['newest', {}],
  ['open', { status: 'open' }],
  ['unassigned', { assigned_to: 0 }],
  ['account', { account_id: accounts[1].id }],
  ['unread shipping', { unread: true, category: 'shipping' }],
  ['query', { query: 'customer123@' }],
  ['page 50', { offset: 1000, limit: 20 }],
];
const all: number[] = [];
const byShape: Record<string, number> = {};
for (let round = 0; round < 3; round++) await callTool('list_email_threads', {});
for (const [name, args] of shapes) {
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await callTool('list_email_threads', args);
    times.push(performance.now() - t);
  }
  all.push(...times);
  byShape[name] = Number(percentile(times, 95).toFixed(1));
}
console.log(
  JSON.stringify({
    engine: values.engine,
    threads: THREADS,
    p50_ms: Number(percentile(all, 50).toFixed(1)),
    p95_ms: Number(percentile(all, 95).toFixed(1)),
    p95_by_shape_ms: byShape,
  }),
);
await close();
