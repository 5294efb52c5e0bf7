/**
 * Campaign engine throughput benchmark (not a test).
 *
 * One shop with --sessions sandbox lines, all connected and enabled for mass marketing (the first
 * made through the tools and the pairing link, the rest copied from it in SQL: setup is not
 * timed, and done by a kernel in this process that is closed before the run), a list of
 * --recipients contacts, and one campaign at the minimum interval (10 s per line). The campaign is
 * started over HTTP on a server process run as `npm start` runs it (compiled to dist/, jobs on),
 * whose engine then does everything: claims, pacing, the one send path (credits, opt-outs, the
 * message record), the sandbox network's record and its receipts (sent → delivered → read) flowing
 * back to every recipient row. Its CPU and memory are read from /proc, so the figures are the
 * server's alone (not this process's bookkeeping, nor the TypeScript loader's).
 *
 * Prints per second the messages the sandbox network carried, then: sustained sends/s (the middle
 * of the run, between 10% and 90% of the messages), lateness of every send against its line's
 * schedule (the moment its slot came due: the line's previous send + the interval), pacing
 * violations (two sends on one line closer than the interval: must be 0), CPU of this process and
 * of the PostgreSQL server, the server's RSS when ready and at its peak, and a check that every recipient was tracked: exactly one
 * message each, the row sent with its message, 1,000 credits each, receipts recorded.
 *
 *   npm run bench:marketing-engine [-- --sessions 40000 --recipients 120000]
 *   (engine settings: --workers, --concurrency, --batch (claimBatch), --send-batch (sendBatch); default: the config's;
 *    --node-flags="…" for the server process, e.g. --node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof" or a heap setting)
 *
 * Targets: ≥ 1,000 tracked sends/s on this 2-core machine, ≥ 3,000 with peak RSS ≤ 256 MB
 *. The ceiling the pacing allows is sessions / 10 per second: 4,000 with the defaults.
 */
import { parseArgs } from 'node:util';
import { benchKernel, httpCaller, mcpCaller } from './bench-kernel.js';
import { autovacuumStandIn, benchContactList, benchServer } from './bench-server.js';
import { cpuOf, cpuOfCommand, memoryOf } from './proc.js';
import { serviceProbe } from '../../test/fixtures/fixture-groups.js';
import { TestDatabase } from '../../test/helpers/test-database.js';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '40000' },
    recipients: { type: 'string', default: '120000' },
    interval: { type: 'string', default: '10' },
    concurrency: { type: 'string' },
    batch: { type: 'string' },
    'send-batch': { type: 'string' },
    workers: { type: 'string' },
    'node-flags': { type: 'string', default: '' },
  },
});
const SESSIONS = Number(values.sessions);
const RECIPIENTS = Number(values.recipients);
const INTERVAL = Number(values.interval);
const engine: Record<string, number> = {};
if (values.concurrency) engine.concurrency = Number(values.concurrency);
if (values.batch) engine.claimBatch = Number(values.batch);
if (values['send-batch']) engine.sendBatch = Number(values['send-batch']);
if (values.workers) engine.workers = Number(values.workers);

const db = await TestDatabase.create();
// The setup kernel works on this database and leaves it to the server (benchKernel drops only a database it made).
process.env.DATABASE_URL = db.url;
const { kernel, close } = await benchKernel({ service_probe: serviceProbe });
const conn = kernel.orm.em.getConnection();
const { shopId, token } = await kernel.shops.create({ name: 'Engine bench' });
await kernel.shops.addCredits(shopId, (RECIPIENTS + 10) * 1000, 'engine benchmark');
await kernel.listen();

const tool = mcpCaller(kernel, token);

// ---------------------------------------------------------------- setup (not timed)
console.log(
  `== setup: ${SESSIONS.toLocaleString('en')} sandbox lines, ${RECIPIENTS.toLocaleString('en')} recipients, interval ${INTERVAL} s`,
);
const connected = await tool('connect_chatapp', { force_new: true });
const pairingPath = new URL(connected.pairing.pairing_url).pathname;
const paired = await kernel.app.inject({ method: 'GET', url: pairingPath, headers: { accept: 'application/json' } });
if (paired.statusCode !== 200) throw new Error(`pairing: ${paired.body}`);
const templateId = connected.session.id as number;
for (let i = 0; ; i++) {
  const { session } = await tool('get_chatapp_status', { session_id: templateId });
  if (session.status === 'connected') break;
  if (i > 200) throw new Error('the first line did not connect');
  await new Promise((r) => setTimeout(r, 50));
}
await tool('assign_marketing_session', { action: 'assign', session_id: templateId, enable_mass_marketing: true });
// Copies of the paired line, each with its own key and phone, on both sides (the shop's record and the network's).
await conn.execute(
  `with template as (select c.*, s.engine from chatapp_sessions c join sandbox_sessions s on s.session_key = c.session_key where c.id = ?),
   copies as (select g, t.* from template t, generate_series(1, ?) g),
   net as (insert into sandbox_sessions (engine, session_key, status, phone, created_at, connected_at)
     select engine, session_key || '-' || g, 'connected', '+1555' || lpad(g::text, 7, '0'), now(), now() from copies)
   insert into chatapp_sessions (shop_id, label, session_key, adapter, sandbox, routing_roles, mass_marketing_enabled, status, phone, connected_at, created_at, updated_at)
   select shop_id, 'bench ' || g, session_key || '-' || g, adapter, sandbox, routing_roles, true, 'connected', '+1555' || lpad(g::text, 7, '0'), now(), now(), now() from copies`,
  [templateId, SESSIONS - 1],
);
const listId = await benchContactList(shopId, 'Engine bench', RECIPIENTS);
for (const table of ['chatapp_sessions', 'sandbox_sessions', 'marketing_list_members'])
  await conn.execute(`vacuum analyze ${table}`);
const { campaign } = await tool('create_campaign', {
  action: 'create',
  name: 'Engine bench',
  list_id: listId,
  message_text: 'Hola {nombre}, new arrivals at {tienda} this week.',
  send_interval_seconds: INTERVAL,
});
await close();

// ---------------------------------------------------------------- the server (as `npm start` runs it)
const { server, serverPid, pool, q } = await benchServer({
  databaseUrl: db.url,
  label: 'engine-bench',
  config: {
    auth: { requestsPerWindow: 1_000_000_000 },
    ...(Object.keys(engine).length > 0 && { groups: { mass_marketing: { enabled: true, config: { engine } } } }),
  },
  nodeFlags: values['node-flags'],
  poolMax: 3,
});
const serverTool = httpCaller(server.url, token);

// ---------------------------------------------------------------- CPU and memory probes
const pgTicks = () => cpuOfCommand('postgres') / 1000;

// ---------------------------------------------------------------- run
// The tables the run fills start empty and grow fast; updated rows leave dead versions behind, which
// PostgreSQL's autovacuum clears on a normal server (done in its place where it is off).
const autovacuum = await autovacuumStandIn(q, [
  'chatapp_messages',
  'marketing_campaign_recipients',
  'sandbox_messages',
  'sandbox_events',
  'conversations',
  'chatapp_processed_events',
  'credit_movements',
  'marketing_session_pacing',
]);
if (autovacuum.active)
  console.log(
    "autovacuum is off on this server: the benchmark vacuums and analyzes the growing tables by autovacuum's rules in its place",
  );
const sentCount = async () =>
  (
    await q<{ n: number }>(
      `select count(*)::int as n from marketing_campaign_recipients where campaign_id = $1 and status not in ('pending', 'sending')`,
      [campaign.id],
    )
  )[0]!.n;
const ready = memoryOf(serverPid);
console.log(`\n== the server when ready: RSS ${Math.round(ready.rss)} MB (peak so far ${Math.round(ready.peak)} MB)`);
console.log('\n== sending (per second: recipients done, rate)');
const cpu0 = cpuOf(serverPid);
const pg0 = pgTicks();
const t0 = performance.now();
await serverTool('start_campaign', { campaign_id: campaign.id });
const startedAt = new Date();
let peakRss = 0;
const memorySampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(serverPid).rss)), 100);
let last = 0;
let lastAt = t0;
for (;;) {
  await new Promise((r) => setTimeout(r, 2000));
  const done = await sentCount();
  const now = performance.now();
  console.log(
    `t=${((now - t0) / 1000).toFixed(0).padStart(4)} s  done ${String(done).padStart(7)}  ${Math.round(
      ((done - last) * 1000) / (now - lastAt),
    )
      .toString()
      .padStart(5)}/s`,
  );
  last = done;
  lastAt = now;
  if (done >= RECIPIENTS) break;
}
const seconds = (performance.now() - t0) / 1000;
const serverCpuSeconds = (cpuOf(serverPid) - cpu0) / 1000;
const pgSeconds = pgTicks() - pg0;
clearInterval(memorySampler);
await autovacuum.stop();

// ---------------------------------------------------------------- analysis (from the network's record)
const sessionKeys = `select session_key from chatapp_sessions where shop_id = ${shopId}`;
const [span] = await q<{ total: number; middle_seconds: number; all_seconds: number; first_after: number }>(
  `with m as (select created_at, row_number() over (order by created_at) as n, count(*) over () as total from sandbox_messages where direction = 'outbound' and session_key in (${sessionKeys}))
   select total::int, extract(epoch from max(created_at) filter (where n = ceil(total * 0.9)) - max(created_at) filter (where n = ceil(total * 0.1)))::float8 as middle_seconds,
     extract(epoch from max(created_at) - min(created_at))::float8 as all_seconds, extract(epoch from min(created_at) - $1::timestamptz)::float8 as first_after
   from m group by total`,
  [startedAt],
);
const [pacing] = await q<{ gaps: number; violations: number; p50: number; p95: number; p99: number; max: number }>(
  `with m as (select created_at - lag(created_at) over (partition by session_key order by created_at) as gap from sandbox_messages where direction = 'outbound' and session_key in (${sessionKeys})),
   late as (select extract(epoch from gap)::float8 - $1 as s from m where gap is not null)
   select count(*)::int as gaps, count(*) filter (where s < 0)::int as violations,
     percentile_cont(0.5) within group (order by s) as p50, percentile_cont(0.95) within group (order by s) as p95,
     percentile_cont(0.99) within group (order by s) as p99, max(s) as max from late`,
  [INTERVAL],
);
const [tracked] = await q<{ rows: number; messages: number; credits: string; duplicates: number }>(
  `select count(*)::int as rows, count(distinct r.message_id)::int as messages, coalesce(sum(r.credits_charged), 0)::bigint as credits,
     (select count(*)::int from (select peer_phone from sandbox_messages where direction = 'outbound' and session_key in (${sessionKeys}) group by peer_phone having count(*) > 1) d) as duplicates
   from marketing_campaign_recipients r where r.campaign_id = $1 and r.status in ('sent', 'delivered', 'read') and r.message_id is not null`,
  [campaign.id],
);

const sustained = (span!.total * 0.8) / span!.middle_seconds;
console.log(
  `\n== results (${SESSIONS.toLocaleString('en')} lines × ${INTERVAL} s → ceiling ${Math.round(SESSIONS / INTERVAL).toLocaleString('en')} sends/s)`,
);
console.log(
  `messages carried by the network: ${span!.total.toLocaleString('en')} in ${span!.all_seconds.toFixed(1)} s (first ${(span!.first_after * 1000).toFixed(0)} ms after start)`,
);
console.log(
  `sustained (10%–90% of messages): ${Math.round(sustained).toLocaleString('en')} sends/s (targets ≥ 1,000; ≥ 3,000 with peak RSS ≤ 256 MB)`,
);
console.log(
  `lateness against the line's schedule over ${pacing!.gaps.toLocaleString('en')} consecutive sends: p50 ${(pacing!.p50 * 1000).toFixed(0)} ms, p95 ${(pacing!.p95 * 1000).toFixed(0)} ms, p99 ${(pacing!.p99 * 1000).toFixed(0)} ms, max ${(pacing!.max * 1000).toFixed(0)} ms`,
);
console.log(`pacing violations (two sends on a line closer than ${INTERVAL} s): ${pacing!.violations}`);
console.log(
  `CPU over ${seconds.toFixed(1)} s: the server ${serverCpuSeconds.toFixed(1)} s (${((serverCpuSeconds / seconds) * 100).toFixed(0)}% of a core), PostgreSQL ${pgSeconds.toFixed(1)} s (${((pgSeconds / seconds) * 100).toFixed(0)}% of a core)`,
);
if (autovacuum.active)
  console.log(
    `autovacuum's work done in its place: ${autovacuum.done.vacuums} vacuums, ${autovacuum.done.analyzes} analyzes`,
  );
console.log(
  `memory: the server's peak RSS while sending ${Math.round(peakRss)} MB (its peak since start, VmHWM: ${Math.round(memoryOf(serverPid).peak)} MB)`,
);
console.log(
  `tracked: ${tracked!.rows.toLocaleString('en')} recipient rows sent with ${tracked!.messages.toLocaleString('en')} distinct messages, ${Number(tracked!.credits).toLocaleString('en')} credits; phones with more than one message: ${tracked!.duplicates}`,
);

// A row that needed a second attempt was handed back (its line was taken) or reconciled after the stale limit.
const attempts = await q<{ attempts: number; n: number }>(
  `select attempts, count(*)::int as n from marketing_campaign_recipients where campaign_id = $1 group by attempts order by attempts`,
  [campaign.id],
);
console.log(`attempts per row: ${attempts.map((a) => `${a.attempts}: ${a.n.toLocaleString('en')}`).join(', ')}`);
const outcomes = (await (await fetch(`${server.url}/metrics`)).text())
  .split('\n')
  .filter((line) => line.startsWith('switchboard_campaign_sends_total'));
if (outcomes.length > 0) console.log(`engine outcomes: ${outcomes.join('; ')}`);

// Receipts keep arriving after the last send; the rows follow them.
const receiptsFrom = performance.now();
for (;;) {
  const [r] = await q<{ read: number; total: number }>(
    `select count(*) filter (where status = 'read')::int as read, count(*)::int as total from marketing_campaign_recipients where campaign_id = $1`,
    [campaign.id],
  );
  if (r!.read === r!.total || performance.now() - receiptsFrom > 120_000) {
    console.log(
      `receipts: ${r!.read.toLocaleString('en')} of ${r!.total.toLocaleString('en')} rows read ${((performance.now() - receiptsFrom) / 1000).toFixed(1)} s after the last send`,
    );
    break;
  }
  await new Promise((res) => setTimeout(res, 1000));
}

const exit = await server.stop();
if (exit.code !== 0) console.log(`the server exited ${exit.code ?? exit.signal}: ${server.stderr().slice(-2000)}`);
await pool.end();
await db.drop();
const ok =
  tracked!.rows === RECIPIENTS &&
  tracked!.messages === RECIPIENTS &&
  tracked!.duplicates === 0 &&
  pacing!.violations === 0 &&
  span!.total === RECIPIENTS;
if (!ok) {
  console.log('CHECK FAILED: see the tracked and pacing lines above');
  process.exitCode = 1;
}
