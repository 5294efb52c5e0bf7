/**
 * automation benchmark (not a test). Target: an inbound message to its keyword
 * auto-reply recorded by the sandbox network, p95 at most 1 s at 50 inbound messages/s sustained
 * for 60 s, on the embedded database (the default here). One shop, one connected sandbox line, one
 * keyword rule; each message comes from its own phone through the sandbox's inbound route, at a
 * steady rate; latency is from the moment the message is handed to the route to the reply's row in
 * the sandbox network's records. Checks every message got exactly one reply.
 *
 *   npm run bench:automation [-- --engine embedded|postgres --rate 50 --seconds 60]
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller } from './bench-kernel.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'embedded' },
    rate: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '60' },
    /** Without the rule: how far the inbound path alone keeps up (no replies are expected). */
    'no-rule': { type: 'boolean', default: false },
    /** Writes a CPU profile (Chrome DevTools format) of the sending phase to this file. */
    profile: { type: 'string' },
  },
});

/** Starts the V8 profiler; the returned function stops it and writes the profile. */
async function startProfiler(): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(values.profile!, JSON.stringify(profile));
  };
}

/** The process's CPU (every thread; the embedded database runs on the main one) since sending began, per message. */
const cpuMsPerMessage = () => {
  const { user, system } = process.cpuUsage(cpu0);
  return ((user + system) / 1000 / TOTAL).toFixed(1);
};
const RATE = Number(values.rate);
const TOTAL = RATE * Number(values.seconds);

// A listening server with its jobs, as deployed: on the embedded engine one of them keeps the
// planner's statistics following the tables a burst fills.
const { kernel, close } = await benchKernel(
  process.env.POLL ? { automation: { enabled: true, config: { worker: { pollMs: Number(process.env.POLL) } } } } : {},
  { embedded: values.engine === 'embedded', overrides: { jobs: { enabled: true } } },
);
await kernel.listen();
const { token } = await kernel.shops.create({ name: 'Automation bench', credits: 1_000_000_000 });
const callTool = mcpCaller(kernel, token);
const connected = await callTool('connect_chatapp', {});
const link = new URL(connected.pairing.pairing_url);
await kernel.app.inject({
  method: 'GET',
  url: `${link.pathname}?phone=%2B34711000097`,
  headers: { accept: 'application/json' },
});
let sessionKey = '';
for (;;) {
  const { session } = await callTool('get_chatapp_status', { session_id: connected.session.id });
  if (session.status === 'connected') {
    sessionKey = session.session_key;
    break;
  }
  await new Promise((r) => setTimeout(r, 100));
}
if (!values['no-rule'])
  await callTool('create_auto_reply_rule', {
    type: 'keyword',
    name: 'Prices',
    keywords: ['precio'],
    reply_text: 'Nuestros precios: tienda.example/precios',
  });

const conn = kernel.orm.em.getConnection();
const sentAt = new Map<string, number>();
const phone = (i: number) => `+3467${String(i).padStart(7, '0')}`;
const inject = (i: number) =>
  kernel.app.inject({
    method: 'POST',
    url: `/sandbox/sessions/${sessionKey}/inbound`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ from: phone(i), text: `hola, ¿qué precio tiene el envío? (${i})` }),
  });

const profiler = values.profile ? await startProfiler() : null;
const cpu0 = process.cpuUsage();
const started = performance.now();
const inflight: Promise<unknown>[] = [];
const failures: number[] = [];
for (let i = 0; i < TOTAL; i++) {
  const due = started + (i * 1000) / RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  sentAt.set(phone(i), Date.now());
  inflight.push(inject(i).then((res) => res.statusCode !== 201 && failures.push(res.statusCode)));
}
await Promise.all(inflight);
const offered = (performance.now() - started) / 1000;

if (values['no-rule']) {
  for (let i = 0; i < 600; i++) {
    const [{ n }] = await conn.execute(`select count(*)::int as n from chatapp_messages where direction = 'inbound'`);
    if (n >= TOTAL) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const rows = (await conn.execute(
    `select phone, extract(epoch from created_at) * 1000 as at from chatapp_messages where direction = 'inbound'`,
  )) as { phone: string; at: number }[];
  const cpuPerMessage = cpuMsPerMessage();
  await profiler?.();
  const lags = rows.map((r) => r.at - sentAt.get(r.phone)!).sort((a, b) => a - b);
  console.log(
    `${values.engine}, no rule: ${rows.length} of ${TOTAL} inbound messages recorded; lag p50 ${Math.round(lags[Math.floor(lags.length / 2)]!)} ms, p95 ${Math.round(lags[Math.floor(lags.length * 0.95)]!)} ms; CPU ${cpuPerMessage} ms per message`,
  );
  await close();
  process.exit(0);
}
const deadline = Date.now() + 60_000;
let replies: { peer_phone: string; at: Date; n: number }[] = [];
while (Date.now() < deadline) {
  replies = (await conn.execute(
    `select peer_phone, min(created_at) as at, count(*)::int as n from sandbox_messages
     where direction = 'outbound' and idempotency_key like 'workflow-run-%' group by peer_phone`,
  )) as typeof replies;
  if (replies.length >= TOTAL) break;
  await new Promise((r) => setTimeout(r, 200));
}
const cpuPerMessage = cpuMsPerMessage();
await profiler?.();
const stages = (await conn.execute(
  `select m.phone, extract(epoch from m.created_at) * 1000 as inbound, extract(epoch from r.created_at) * 1000 as queued,
          extract(epoch from r.finished_at) * 1000 as finished
   from chatapp_messages m join automation_runs r on r.trigger->>'message_id' = m.id::text
   where m.direction = 'inbound'`,
)) as { phone: string; inbound: number; queued: number; finished: number }[];
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
console.log(
  `stages (p50): to the inbound row ${Math.round(median(stages.map((x) => x.inbound - sentAt.get(x.phone)!)))} ms, to the queued run ${Math.round(median(stages.map((x) => x.queued - x.inbound)))} ms, to the run's end ${Math.round(median(stages.map((x) => x.finished - x.queued)))} ms`,
);
const latencies = replies.map((r) => new Date(r.at).getTime() - sentAt.get(r.peer_phone)!).sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
const windows = new Map<number, number[]>();
for (const r of replies) {
  const at = sentAt.get(r.peer_phone)!;
  const w = Math.floor((at - sentAt.get(phone(0))!) / 10_000);
  windows.set(w, [...(windows.get(w) ?? []), new Date(r.at).getTime() - at]);
}
console.log(
  `p95 by 10 s window of sending: ${[...windows]
    .sort((a, b) => a[0] - b[0])
    .map(([, xs]) => xs.sort((a, b) => a - b)[Math.floor(xs.length * 0.95)])
    .join(', ')} ms`,
);
const twice = replies.filter((r) => r.n !== 1).length;
console.log(
  `${values.engine}: ${TOTAL} inbound messages at ${RATE}/s over ${offered.toFixed(1)} s → ${replies.length} replies (${twice} phones with more than one, ${failures.length} inbound refused); ` +
    `latency p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)} ms; CPU ${cpuPerMessage} ms per message; RSS ${Math.round(process.memoryUsage().rss / 1e6)} MB`,
);
if (replies.length !== TOTAL || twice > 0 || failures.length > 0) process.exitCode = 1;
await close();
