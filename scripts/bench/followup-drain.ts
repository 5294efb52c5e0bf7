/**
 * smart_followup sender benchmark (not a test). Target: 10,000 due follow-ups drained
 * in at most 60 s on the sandbox. One shop with one connected sandbox line; the follow-ups are
 * inserted due now (setup, not timed); then the send-due-followups job runs as the scheduler runs
 * it (batches of 200 in short transactions, stop conditions checked with the rows locked, the one
 * send path with a key per attempt) until none is due. Checks every follow-up sent exactly one
 * message, and prints the rate.
 *
 *   npm run bench:followups [-- --engine postgres|embedded --followups 10000]
 */
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller } from './bench-kernel.js';
import { serviceProbe } from '../../test/fixtures/fixture-groups.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    followups: { type: 'string', default: '10000' },
  },
});
const FOLLOWUPS = Number(values.followups);

const { kernel, close } = await benchKernel(
  { service_probe: serviceProbe },
  { embedded: values.engine === 'embedded' },
);
const { token, shopId } = await kernel.shops.create({ name: 'Follow-up bench', credits: 1_000_000_000 });
const callTool = mcpCaller(kernel, token);
const connected = await callTool('connect_chatapp', {});
const link = new URL(connected.pairing.pairing_url);
await kernel.app.inject({
  method: 'GET',
  url: `${link.pathname}?phone=%2B34711000098`,
  headers: { accept: 'application/json' },
});
for (;;) {
  const { session } = await callTool('get_chatapp_status', { session_id: connected.session.id });
  if (session.status === 'connected') break;
  await new Promise((r) => setTimeout(r, 100));
}
await callTool('update_followup_settings', {
  type: 'cart',
  quiet_hours: { from: '00:00', to: '00:01' },
  respect_business_hours: false,
  max_attempts: 2,
});
const conn = kernel.orm.em.getConnection();
await conn.execute(
  `insert into smart_followups (shop_id, phone, type, reference, status, attempt, max_attempts, min_gap_hours, due_at, expires_at, timing, created_at, updated_at)
   select ?, '+3466' || lpad(i::text, 7, '0'), 'cart', jsonb_build_object('kind', 'cart', 'id', 'bench-' || i, 'url', 'https://shop.example/c/' || i),
     'scheduled', 1, 2, 24, now() - interval '1 second', now() + interval '7 days',
     jsonb_build_object('method', 'given', 'chosen_at', now(), 'reason', 'bench', 'histogram_samples', 0), now(), now()
   from generate_series(1, ?) i`,
  [shopId, FOLLOWUPS],
);
await conn.execute('vacuum analyze smart_followups');

const started = performance.now();
let tick = 0;
for (;;) {
  await kernel.scheduler.runTick('smart_followup.send-due-followups', new Date(Date.UTC(2030, 0, 1, 0, 0, tick++ * 5)));
  const [{ n }] = await conn.execute(
    `select count(*)::int as n from smart_followups where shop_id = ? and status = 'scheduled' and due_at <= now()`,
    [shopId],
  );
  if (n === 0) break;
}
const seconds = (performance.now() - started) / 1000;
const [check] = await conn.execute(
  `select count(*)::int as messages, count(distinct idempotency_key)::int as keys from chatapp_messages where shop_id = ? and billing_source = 'followup'`,
  [shopId],
);
const [sends] = await conn.execute('select count(*)::int as n from smart_followup_sends where shop_id = ?', [shopId]);
console.log(
  `drained ${FOLLOWUPS} due follow-ups in ${seconds.toFixed(1)} s (${Math.round(FOLLOWUPS / seconds)}/s, ${values.engine}, ${tick} job runs): ${check.messages} messages, ${check.keys} keys, ${sends.n} sends recorded`,
);
if (check.messages !== FOLLOWUPS || check.keys !== FOLLOWUPS || sends.n !== FOLLOWUPS) process.exitCode = 1;
await close();
