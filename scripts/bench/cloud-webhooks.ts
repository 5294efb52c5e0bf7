/**
 * Cloud API status webhook ingestion (not a test).
 *
 * One shop with a Cloud API provider (configured through the tool against the local Graph API
 * fake) and --numbers lines, and --messages outbound messages on them already taken by the
 * network (rows in `sent`, written in SQL: setup is not timed). A server process run as `npm start`
 * runs it then receives, on the provider's webhook URL, two statuses per message (delivered and
 * read, in random order: Meta does not promise order), --batch of them to a notification (Meta
 * batches the statuses of a busy account: one entry, a change per number, several statuses each;
 * 1 is a notification per status), plus --duplicates of the notifications sent again whole (as
 * Meta retries), each signed as Meta signs it (X-Hub-Signature-256 over the raw body),
 * --concurrency at a time, as Meta's deliveries overlap.
 *
 * Prints the statuses accepted per second (every answer must be 200), the server's CPU and peak
 * RSS, PostgreSQL's CPU, and the check: every message `read`, every status recorded once (its
 * event id among the processed ones), none applied twice (as many processed events as distinct
 * statuses, duplicates included in what was posted).
 *
 *   npm run bench:cloud-webhooks [-- --messages 30000 --batch 1 --concurrency 32 --duplicates 0.05]
 *   (--node-flags="…" for the server process, e.g. --node-flags="--cpu-prof --cpu-prof-dir=/tmp/prof")
 *
 * Target: ≥ 2,000 signed statuses/s sustained, none lost or applied twice.
 */
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { benchKernel, mcpCaller } from './bench-kernel.js';
import { benchServer } from './bench-server.js';
import { cpuOf, cpuOfCommand, memoryOf } from './proc.js';
import { TestDatabase } from '../../test/helpers/test-database.js';
import {
  GraphApiFake,
  type FakeNumber,
  type SentMessage,
} from '../../plugins/whatsapp_ops/test/fakes/graph-api-fake.js';
import { signBody } from '../../plugins/whatsapp_ops/test/fakes/graph-webhook-emitter.js';
import {
  APP_SECRET,
  TEMPLATES,
  TOKEN,
  VERIFY_TOKEN,
  WABA,
} from '../../plugins/whatsapp_ops/test/helpers/cloud-kernel.js';

const { values } = parseArgs({
  options: {
    numbers: { type: 'string', default: '10' },
    messages: { type: 'string', default: '30000' },
    batch: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '32' },
    duplicates: { type: 'string', default: '0.05' },
    'node-flags': { type: 'string', default: '' },
  },
});
const NUMBERS = Number(values.numbers);
const MESSAGES = Number(values.messages);
const BATCH = Number(values.batch);
const CONCURRENCY = Number(values.concurrency);
const DUPLICATES = Number(values.duplicates);
const SECRET = 'bench-secret-bench-secret-0123456789';
const numberAt = (i: number): FakeNumber => ({
  id: String(106540352300000n + BigInt(i)),
  display_phone_number: `+34 7${String(i).padStart(8, '0')}`,
  verified_name: 'Bench',
});
const numbers = Array.from({ length: NUMBERS }, (_, i) => numberAt(i));

const fake = await new GraphApiFake().start();
fake.addAccount({ wabaId: WABA, token: TOKEN, numbers, templates: TEMPLATES });

const db = await TestDatabase.create();
process.env.DATABASE_URL = db.url;
process.env.SWITCHBOARD_SECRET = SECRET;
const whatsappOps = { cloudApi: { baseUrl: fake.url } };
const { kernel, close } = await benchKernel(
  { whatsapp_ops: { enabled: true, config: whatsappOps } },
  { overrides: { network: { allowLoopback: true } } },
);
const conn = kernel.orm.em.getConnection();
const { shopId, token } = await kernel.shops.create({ name: 'Webhook bench' });
const tool = mcpCaller(kernel, token);

// ---------------------------------------------------------------- setup (not timed)
console.log(
  `== setup: ${NUMBERS} numbers, ${MESSAGES.toLocaleString('en')} messages taken by the network, ${BATCH} statuses a notification, ${Math.round(DUPLICATES * 100)}% of notifications sent twice`,
);
const { provider } = await tool('configure_chatapp_provider', {
  label: 'Meta',
  cloud_api: { waba_id: WABA, access_token: TOKEN, app_secret: APP_SECRET, verify_token: VERIFY_TOKEN },
});
const lines: number[] = [];
for (const number of numbers)
  lines.push((await tool('connect_chatapp', { provider_id: provider.id, phone_number_id: number.id })).session.id);
const wamid = (i: number) => `wamid.bench${String(i).padStart(9, '0')}`;
const phoneOf = (i: number) => `+3461${String(i).padStart(7, '0')}`;
await conn.execute(
  `insert into chatapp_messages (shop_id, session_id, phone, direction, text, status, provider_message_id, automatic,
     billing_source, credits_charged, sent_at, created_at, updated_at)
   select ?, (?::int[])[1 + g % ?], '+3461' || lpad(g::text, 7, '0'), 'outbound', 'Hola', 'sent', 'wamid.bench' || lpad(g::text, 9, '0'),
     true, 'marketing', 1000, now(), now(), now()
   from generate_series(0, ? - 1) g`,
  [shopId, `{${lines.join(',')}}`, NUMBERS, MESSAGES],
);
await conn.execute('vacuum analyze chatapp_messages');
const webhookPath = new URL(provider.webhook_url).pathname;
await close();

// Two statuses per message, shuffled, --batch to a notification (a change per number); then some sent again.
const sentMessage = (i: number): SentMessage => ({
  id: wamid(i),
  phoneNumberId: numbers[i % NUMBERS]!.id,
  to: phoneOf(i).slice(1),
  type: 'text',
  body: {},
  bizOpaque: null,
  at: new Date(),
});
type Notification = {
  entry: { changes: { value: { metadata: { phone_number_id: string }; statuses: unknown[] } }[] }[];
};
const single: Notification[] = [];
for (let i = 0; i < MESSAGES; i++)
  for (const status of ['delivered', 'read'])
    single.push(fake.statusNotification(sentMessage(i), status) as Notification);
for (let i = single.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [single[i], single[j]] = [single[j]!, single[i]!];
}
const bodies: { raw: string; statuses: number }[] = [];
for (let from = 0; from < single.length; from += BATCH) {
  const group = single.slice(from, from + BATCH);
  const [first] = group;
  const changes = new Map<string, Notification['entry'][number]['changes'][number]>();
  for (const n of group) {
    const change = n.entry[0]!.changes[0]!;
    const same = changes.get(change.value.metadata.phone_number_id);
    if (same) same.value.statuses.push(...change.value.statuses);
    else changes.set(change.value.metadata.phone_number_id, change);
  }
  first!.entry[0]!.changes = [...changes.values()];
  bodies.push({ raw: JSON.stringify(first), statuses: group.length });
}
const distinct = single.length;
const notifications = bodies.length;
const repeats = Math.round(notifications * DUPLICATES);
for (let i = 0; i < repeats; i++) bodies.push(bodies[Math.floor(Math.random() * notifications)]!);
const signed = bodies.map(({ raw, statuses }) => ({ raw, statuses, signature: signBody(APP_SECRET, raw) }));
const posted = signed.reduce((sum, b) => sum + b.statuses, 0);

// ---------------------------------------------------------------- the server (as `npm start` runs it)
const { server, serverPid, pool, q } = await benchServer({
  databaseUrl: db.url,
  label: 'cloud-webhooks',
  config: {
    auth: { requestsPerWindow: 1_000_000_000 },
    network: { allowLoopback: true },
    groups: { whatsapp_ops: { enabled: true, config: whatsappOps } },
  },
  env: { SWITCHBOARD_SECRET: SECRET },
  nodeFlags: values['node-flags'],
  poolMax: 2,
});
// undici's request() over a pool of keep-alive connections: fetch() cost this process about twice the
// CPU a notification, CPU the server it measures did not get on a 2-core machine.
const client = new Pool(server.url, { connections: CONCURRENCY });

// ---------------------------------------------------------------- run
console.log(`\n== the server when ready: RSS ${Math.round(memoryOf(serverPid).rss)} MB`);
console.log(
  `\n== posting ${signed.length.toLocaleString('en')} signed notifications (${posted.toLocaleString('en')} statuses), ${CONCURRENCY} at a time`,
);
const answers = new Map<number, number>();
let next = 0;
let done = 0;
let statusesDone = 0;
let peakRss = 0;
const memorySampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(serverPid).rss)), 100);
const cpu0 = cpuOf(serverPid);
const pg0 = cpuOfCommand('postgres');
const self0 = process.cpuUsage();
const t0 = performance.now();
const progress = setInterval(() => {
  const s = (performance.now() - t0) / 1000;
  console.log(
    `t=${s.toFixed(0).padStart(4)} s  posted ${String(done).padStart(7)}  ${Math.round(statusesDone / s)} statuses/s so far`,
  );
}, 2000);
/** When each answer came, and the statuses done by then. */
const doneAt: { at: number; statuses: number }[] = [];
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < signed.length) {
      const { raw, statuses, signature } = signed[next++]!;
      const res = await client
        .request({
          path: webhookPath,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
          body: raw,
        })
        .catch((err: Error) => {
          throw new Error(
            `the server did not answer (${err.message}); it said: ${server.stderr().slice(-3000)} ${server.stdout().slice(-3000)}`,
          );
        });
      await res.body.dump();
      answers.set(res.statusCode, (answers.get(res.statusCode) ?? 0) + 1);
      done++;
      statusesDone += statuses;
      doneAt.push({ at: performance.now(), statuses: statusesDone });
    }
  }),
);
const seconds = (performance.now() - t0) / 1000;
const serverCpu = (cpuOf(serverPid) - cpu0) / 1000;
const pgCpu = (cpuOfCommand('postgres') - pg0) / 1000;
const { user, system } = process.cpuUsage(self0);
const selfCpu = (user + system) / 1e6;
clearInterval(progress);
clearInterval(memorySampler);

// ---------------------------------------------------------------- analysis
const from = doneAt[Math.ceil(doneAt.length * 0.1) - 1]!;
const to = doneAt[Math.ceil(doneAt.length * 0.9) - 1]!;
const sustained = (to.statuses - from.statuses) / ((to.at - from.at) / 1000);
const [messages] = await q<{ read: number; total: number }>(
  `select count(*) filter (where status = 'read')::int as read, count(*)::int as total from chatapp_messages where shop_id = $1 and direction = 'outbound'`,
  [shopId],
);
const [processed] = await q<{ events: number; distinct_ids: number }>(
  `select count(*)::int as events, count(distinct event_id)::int as distinct_ids from chatapp_processed_events where shop_id = $1`,
  [shopId],
);
console.log(`\n== results`);
console.log(
  `answers: ${[...answers].map(([status, n]) => `${status}: ${n.toLocaleString('en')}`).join(', ')} in ${seconds.toFixed(1)} s`,
);
console.log(
  `sustained (10%–90% of notifications): ${Math.round(sustained).toLocaleString('en')} statuses/s (target ≥ 2,000)`,
);
console.log(
  `CPU: the server ${serverCpu.toFixed(1)} s (${((serverCpu / seconds) * 100).toFixed(0)}% of a core, ${((serverCpu * 1000) / signed.length).toFixed(2)} ms a notification, ${((serverCpu * 1000) / posted).toFixed(2)} ms a status), ` +
    `PostgreSQL ${pgCpu.toFixed(1)} s (${((pgCpu / seconds) * 100).toFixed(0)}%, ${((pgCpu * 1000) / posted).toFixed(2)} ms a status; every postgres process on the machine), ` +
    `this process (the load's HTTP client; notifications are signed before) ${selfCpu.toFixed(1)} s (${((selfCpu / seconds) * 100).toFixed(0)}%)`,
);
console.log(
  `memory: the server's peak RSS while ingesting ${Math.round(peakRss)} MB (VmHWM since start ${Math.round(memoryOf(serverPid).peak)} MB)`,
);
console.log(
  `messages read: ${messages!.read.toLocaleString('en')} of ${messages!.total.toLocaleString('en')}; ` +
    `statuses recorded: ${processed!.events.toLocaleString('en')} (${processed!.distinct_ids.toLocaleString('en')} distinct) of ${distinct.toLocaleString('en')} distinct posted, ${repeats.toLocaleString('en')} notifications repeated`,
);

await client.close();
await server.stop();
await pool.end();
await fake.close();
await db.drop();
const ok =
  answers.get(200) === signed.length &&
  messages!.read === MESSAGES &&
  processed!.events === distinct &&
  processed!.distinct_ids === distinct;
if (!ok) {
  console.log('CHECK FAILED: see the answers, messages and statuses above');
  process.exitCode = 1;
}
