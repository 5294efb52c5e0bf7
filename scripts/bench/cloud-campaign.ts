/**
 * Campaign engine throughput on Cloud API lines, against the local Graph API fake (not a test).
 *
 * One shop with a Cloud API provider (configured through the tool, the fake checking its token)
 * and --numbers registered numbers as lines, all enabled for mass marketing (the first connected
 * through the tools, the rest copied from it in SQL and added to the fake's account: setup is not
 * timed), a list of --recipients contacts, and one template campaign at the minimum interval (10 s
 * per line). The campaign is started over HTTP on a server process run as `npm start` runs it
 * (compiled, jobs on), whose engine then does everything: claims, the campaign's pacing, the one
 * send path (credits, opt-outs, the message record), the number's pace (shared across processes
 * in PostgreSQL), the send ledger, and the Graph request. No sandbox bookkeeping is on this path.
 * The fake answers every request as Meta does and counts throughput per number (130429 past it);
 * it sends no status webhooks here (`npm run bench:cloud-webhooks` measures those).
 *
 * Prints per second the recipients done, then: sustained sends/s (10%–90% of the messages, from
 * the fake's record), refusals for throughput from the fake (must be 0), CPU of the server and of
 * PostgreSQL (every postgres process on the machine), the server's RSS when ready and at its peak,
 * and the check: every recipient one message on the network, each row sent with its message,
 * exact credits.
 *
 *   npm run bench:cloud-campaign [-- --numbers 40000 --recipients 60000]
 *   (--node-flags="…" for the server process, e.g. --node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof";
 *   --engine='{"workers":2}' for the campaign engine's settings, mass_marketing's config `engine`)
 *
 * Targets: ≥ 3,000 tracked sends/s on this 2-core machine with the server's peak RSS ≤ 256 MB and 0
 * throughput refusals. The ceiling the campaign's pacing allows is numbers / 10 per second.
 */
import { parseArgs } from 'node:util';
import { benchKernel, httpCaller, mcpCaller } from './bench-kernel.js';
import { autovacuumStandIn, benchContactList, benchServer } from './bench-server.js';
import { cpuOf, cpuOfCommand, memoryOf } from './proc.js';
import { serviceProbe } from '../../test/fixtures/fixture-groups.js';
import { TestDatabase } from '../../test/helpers/test-database.js';
import { GraphApiFake, type FakeNumber } from '../../plugins/whatsapp_ops/test/fakes/graph-api-fake.js';
import {
  APP_SECRET,
  TEMPLATES,
  TOKEN,
  VERIFY_TOKEN,
  WABA,
} from '../../plugins/whatsapp_ops/test/helpers/cloud-kernel.js';

const { values } = parseArgs({
  options: {
    numbers: { type: 'string', default: '40000' },
    recipients: { type: 'string', default: '60000' },
    interval: { type: 'string', default: '10' },
    'node-flags': { type: 'string', default: '' },
    engine: { type: 'string', default: '{}' },
  },
});
const NUMBERS = Number(values.numbers);
const RECIPIENTS = Number(values.recipients);
const INTERVAL = Number(values.interval);
const SECRET = 'bench-secret-bench-secret-0123456789';
const FIRST_NUMBER = 106540352200000n;
const numberAt = (i: number): FakeNumber => ({
  id: String(FIRST_NUMBER + BigInt(i)),
  display_phone_number: `+34 7${String(i).padStart(8, '0')}`,
  verified_name: 'Bench',
});

const fake = await new GraphApiFake({ enforceWindow: false }).start();
fake.statusMode = 'none';
fake.addAccount({ wabaId: WABA, token: TOKEN, numbers: [numberAt(0)], templates: TEMPLATES });

const db = await TestDatabase.create();
// The setup kernel works on this database and leaves it to the server; the server opens what it sealed.
process.env.DATABASE_URL = db.url;
process.env.SWITCHBOARD_SECRET = SECRET;
const whatsappOps = { cloudApi: { baseUrl: fake.url } };
const { kernel, close } = await benchKernel(
  { service_probe: serviceProbe, whatsapp_ops: { enabled: true, config: whatsappOps } },
  { overrides: { network: { allowLoopback: true } } },
);
const conn = kernel.orm.em.getConnection();
const { shopId, token } = await kernel.shops.create({ name: 'Cloud bench' });
await kernel.shops.addCredits(shopId, (RECIPIENTS + 10) * 1000, 'cloud benchmark');
const tool = mcpCaller(kernel, token);

// ---------------------------------------------------------------- setup (not timed)
console.log(
  `== setup: ${NUMBERS.toLocaleString('en')} Cloud API numbers, ${RECIPIENTS.toLocaleString('en')} recipients, interval ${INTERVAL} s`,
);
const { provider } = await tool('configure_chatapp_provider', {
  label: 'Meta',
  cloud_api: { waba_id: WABA, access_token: TOKEN, app_secret: APP_SECRET, verify_token: VERIFY_TOKEN },
});
const { session: first } = await tool('connect_chatapp', { provider_id: provider.id, phone_number_id: numberAt(0).id });
await tool('assign_marketing_session', { action: 'assign', session_id: first.id, enable_mass_marketing: true });
await tool('sync_chatapp_templates', {});
fake.addNumbers(
  WABA,
  Array.from({ length: NUMBERS - 1 }, (_, i) => numberAt(i + 1)),
);
// Copies of the connected number's line, each its own number (phone_number_id) and key.
await conn.execute(
  `with template as (select * from chatapp_sessions where id = ?),
   copies as (select g, t.* from template t, generate_series(1, ?) g)
   insert into chatapp_sessions (shop_id, label, session_key, adapter, sandbox, routing_roles, mass_marketing_enabled, status, phone,
     provider_id, external_id, connected_at, created_at, updated_at)
   select shop_id, 'bench ' || g, session_key || '-' || g, adapter, sandbox, routing_roles, true, 'connected', '+347' || lpad(g::text, 8, '0'),
     provider_id, (external_id::numeric + g)::text, now(), now(), now() from copies`,
  [first.id, NUMBERS - 1],
);
const listId = await benchContactList(shopId, 'Cloud bench', RECIPIENTS);
for (const table of ['chatapp_sessions', 'marketing_list_members']) await conn.execute(`vacuum analyze ${table}`);
const { campaign } = await tool('create_campaign', {
  action: 'create',
  name: 'Cloud bench',
  list_id: listId,
  message_text: 'Hola {nombre}',
  send_interval_seconds: INTERVAL,
  template: { name: 'order_update', language: 'es_ES', body_parameters: ['{nombre}', '{tienda}'] },
});
const [{ credits_balance: creditsBefore }] = await conn.execute('select credits_balance from shops where id = ?', [
  shopId,
]);
await close();

// ---------------------------------------------------------------- the server (as `npm start` runs it)
const { server, serverPid, pool, q } = await benchServer({
  databaseUrl: db.url,
  label: 'cloud-bench',
  config: {
    auth: { requestsPerWindow: 1_000_000_000 },
    network: { allowLoopback: true },
    groups: {
      whatsapp_ops: { enabled: true, config: whatsappOps },
      mass_marketing: { enabled: true, config: { engine: JSON.parse(values.engine) as Record<string, unknown> } },
    },
  },
  env: { SWITCHBOARD_SECRET: SECRET },
  nodeFlags: values['node-flags'],
  poolMax: 3,
});
const serverTool = httpCaller(server.url, token);

// ---------------------------------------------------------------- run
// Autovacuum's work done in its place where it is off (as bench:marketing-engine does).
const autovacuum = await autovacuumStandIn(q, [
  'chatapp_messages',
  'marketing_campaign_recipients',
  'chatapp_send_attempts',
  'chatapp_number_pace',
  'conversations',
  'credit_movements',
  'marketing_session_pacing',
]);
const doneCount = async () =>
  (
    await q<{ n: number }>(
      `select count(*)::int as n from marketing_campaign_recipients where campaign_id = $1 and status not in ('pending', 'sending')`,
      [campaign.id],
    )
  )[0]!.n;
const ready = memoryOf(serverPid);
console.log(`\n== the server when ready: RSS ${Math.round(ready.rss)} MB`);
console.log('\n== sending (per second: recipients done, rate)');
const refusedBefore = fake.requests.filter((r) => r.status === 429).length;
const cpu0 = cpuOf(serverPid);
const pg0 = cpuOfCommand('postgres');
const self0 = process.cpuUsage();
const t0 = performance.now();
await serverTool('start_campaign', { campaign_id: campaign.id });
let peakRss = 0;
const memorySampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(serverPid).rss)), 100);
let last = 0;
let lastAt = t0;
for (;;) {
  await new Promise((r) => setTimeout(r, 2000));
  const done = await doneCount();
  const now = performance.now();
  console.log(
    `t=${((now - t0) / 1000).toFixed(0).padStart(4)} s  done ${String(done).padStart(7)}  ${Math.round(
      ((done - last) * 1000) / (now - lastAt),
    )
      .toString()
      .padStart(5)}/s`,
  );
  [last, lastAt] = [done, now];
  if (done >= RECIPIENTS) break;
}
const seconds = (performance.now() - t0) / 1000;
const serverCpu = (cpuOf(serverPid) - cpu0) / 1000;
const pgCpu = (cpuOfCommand('postgres') - pg0) / 1000;
const self = process.cpuUsage(self0);
const selfCpu = (self.user + self.system) / 1e6;
clearInterval(memorySampler);
await autovacuum.stop();

// ---------------------------------------------------------------- analysis (the fake's record is the network's)
const campaignSends = fake.sent.filter((m) => m.bizOpaque?.startsWith('campaign-recipient-'));
const times = campaignSends.map((m) => m.at.getTime()).sort((a, b) => a - b);
const at = (share: number) => times[Math.min(times.length - 1, Math.ceil(times.length * share) - 1)]!;
const sustained = (times.length * 0.8) / ((at(0.9) - at(0.1)) / 1000);
const perPhone = new Map<string, number>();
for (const m of campaignSends) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
const duplicates = [...perPhone.values()].filter((n) => n > 1).length;
const refused = fake.requests.filter((r) => r.status === 429).length - refusedBefore;
const [tracked] = await q<{ rows: number; messages: number; credits: string }>(
  `select count(*)::int as rows, count(distinct r.message_id)::int as messages, coalesce(sum(r.credits_charged), 0)::bigint as credits
   from marketing_campaign_recipients r where r.campaign_id = $1 and r.status in ('sent', 'delivered', 'read') and r.message_id is not null`,
  [campaign.id],
);
const [balance] = await q<{ credits_balance: string }>('select credits_balance from shops where id = $1', [shopId]);
// A row claimed once and sent by its batch has one attempt; more are the stale-row reconciliation's, one send at a time.
const [{ reconciled }] = await q<{ reconciled: number }>(
  'select count(*)::int as reconciled from marketing_campaign_recipients where campaign_id = $1 and attempts > 1',
  [campaign.id],
);

console.log(
  `\n== results (${NUMBERS.toLocaleString('en')} numbers × ${INTERVAL} s → ceiling ${Math.round(NUMBERS / INTERVAL).toLocaleString('en')} sends/s)`,
);
console.log(
  `messages the network took: ${times.length.toLocaleString('en')} in ${((times.at(-1)! - times[0]!) / 1000).toFixed(1)} s`,
);
console.log(
  `sustained (10%–90% of messages): ${Math.round(sustained).toLocaleString('en')} sends/s (target ≥ 3,000 with peak RSS ≤ 256 MB)`,
);
console.log(`refused by the fake for throughput (130429): ${refused}`);
console.log(
  `CPU over ${seconds.toFixed(1)} s: the server ${serverCpu.toFixed(1)} s (${((serverCpu / seconds) * 100).toFixed(0)}% of a core), ` +
    `PostgreSQL ${pgCpu.toFixed(1)} s (${((pgCpu / seconds) * 100).toFixed(0)}%; every postgres process on the machine), ` +
    `this process (the Graph fake, the probes) ${selfCpu.toFixed(1)} s (${((selfCpu / seconds) * 100).toFixed(0)}%)`,
);
console.log(
  `per send: the server ${((serverCpu * 1000) / times.length).toFixed(2)} ms of CPU, PostgreSQL ${((pgCpu * 1000) / times.length).toFixed(2)} ms, the fake ${((selfCpu * 1000) / times.length).toFixed(2)} ms`,
);
console.log(
  `memory: the server's peak RSS while sending ${Math.round(peakRss)} MB (VmHWM since start ${Math.round(memoryOf(serverPid).peak)} MB)`,
);
console.log(
  `tracked: ${tracked!.rows.toLocaleString('en')} recipient rows sent with ${tracked!.messages.toLocaleString('en')} distinct messages, ` +
    `${Number(tracked!.credits).toLocaleString('en')} credits (balance left ${Number(balance!.credits_balance).toLocaleString('en')}); ` +
    `customers with more than one message: ${duplicates}`,
);
console.log(`rows sent again by the stale-row reconciliation (one at a time): ${reconciled.toLocaleString('en')}`);

const problems = `${server.stdout()}\n${server.stderr()}`.split('\n').filter((l) => /"level":(40|50|60)/.test(l));
console.log(`the server's warnings and errors while sending: ${problems.length}`);
for (const line of problems.slice(0, 5)) console.log(`  ${line.slice(0, 600)}`);
const exit = await server.stop();
if (exit.code !== 0) console.log(`the server exited ${exit.code ?? exit.signal}: ${server.stderr().slice(-2000)}`);
await pool.end();
await fake.close();
await db.drop();
const ok =
  tracked!.rows === RECIPIENTS &&
  tracked!.messages === RECIPIENTS &&
  times.length === RECIPIENTS &&
  perPhone.size === RECIPIENTS &&
  duplicates === 0 &&
  refused === 0 &&
  Number(tracked!.credits) === RECIPIENTS * 1000 &&
  Number(balance!.credits_balance) === Number(creditsBefore) - RECIPIENTS * 1000;
if (!ok) {
  console.log('CHECK FAILED: see the tracked, refused and duplicate figures above');
  process.exitCode = 1;
}
