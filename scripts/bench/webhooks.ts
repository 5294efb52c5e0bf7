/**
 * Webhook delivery benchmark (not a test). Targets: at least 1,000 deliveries/s to a
 * local receiver, and commit-to-first-attempt p99 at most 1 s at that load. One shop subscribed to
 * ticket.created; transactions of --batch events each are committed at --rate events/s for
 * --seconds while the server's outbox relay runs as in production (woken by each commit), and a
 * local HTTPS receiver in a process of its own answers 200. Prints the delivery rate over the whole run, the latency from
 * commit to the receiver's arrival (the envelope's created_at is the emitting transaction's time),
 * and checks every event arrived exactly once. Then the emitter's overhead: the p50 of a transaction
 * emitting one event for a shop without webhooks and for one subscribed to it.
 *
 *   npm run bench:webhooks [-- --engine postgres|embedded --rate 1000 --seconds 10 --batch 50
 *                              --concurrency <relay workers> --per-shop <requests in flight per shop>]
 */

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { benchKernel, percentile } from './bench-kernel.js';
import { mcpCaller } from './bench-kernel.js';
import { inShop } from '../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../test/fixtures/fixture-groups.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'postgres' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    batch: { type: 'string', default: '50' },
    concurrency: { type: 'string' },
    'per-shop': { type: 'string' },
  },
});
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const BATCH = Number(values.batch);
const TOTAL = RATE * SECONDS;

/** The receiver runs apart, as a shop's server would; its report comes once every delivery arrived. */
const receiverProcess = spawn(
  process.execPath,
  ['--import', 'tsx/esm', 'scripts/bench/webhook-receiver.ts', String(TOTAL)],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const lines = createInterface({ input: receiverProcess.stdout });
const nextLine = () => new Promise<string>((resolve) => lines.once('line', resolve));
const receiver = JSON.parse(await nextLine()) as { url: string; certPem: string };
const { kernel, close } = await benchKernel(
  {
    service_probe: serviceProbe,
    ...(values['per-shop'] && {
      advanced: { enabled: true, config: { maxInFlightPerShop: Number(values['per-shop']) } },
    }),
  },
  {
    embedded: values.engine === 'embedded',
    overrides: {
      network: { allowLoopback: true, trustedCaPem: receiver.certPem },
      ...(values.concurrency && { outbox: { concurrency: Number(values.concurrency) } }),
    },
  },
);
const { token, shopId } = await kernel.shops.create({ name: 'Webhook bench' });
const first = await kernel.app.inject({
  method: 'POST',
  url: '/',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  payload: JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: {
      name: 'configure_webhooks',
      arguments: {
        webhook_enabled: true,
        webhook_url: receiver.url,
        webhook_secret: 'whsec-bench-secret-0001',
        webhook_events: ['ticket.created'],
      },
    },
  }),
});
const url = new URL(first.json().result.structuredContent.confirmation_url);
await kernel.app.inject({ method: 'POST', url: `${url.pathname}/approve`, payload: '' });
const config = (await mcpCaller(kernel, token)('get_webhook_config', {})).webhooks;
if (!config.webhook_enabled) throw new Error('webhooks did not get enabled');

kernel.outbox.start();
const started = performance.now();
const startedAt = Date.now();
let emitted = 0;
const interval = (BATCH / RATE) * 1000;
while (emitted < TOTAL) {
  const due = started + (emitted / BATCH) * interval;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  const payloads = Array.from({ length: Math.min(BATCH, TOTAL - emitted) }, (_, i) => ({
    ticket_id: emitted + i + 1,
    title: `bench ${emitted + i + 1}`,
    priority: 'P3' as const,
    phone: null,
    customer_email: null,
  }));
  emitted += payloads.length;
  await inShop(kernel, shopId, (ctx) => ctx.services.events.emitMany('tickets.created', payloads));
}
const emittedIn = (performance.now() - started) / 1000;
const reported = nextLine();
const timeout = setTimeout(() => receiverProcess.kill('SIGTERM'), 120_000);
const arrived = JSON.parse(await reported) as { received: number; distinct: number; lastAt: number; lags: number[] };
clearTimeout(timeout);
const seconds = (arrived.lastAt - startedAt) / 1000;
const lags = arrived.lags;
console.log(
  JSON.stringify({
    engine: values.engine,
    events: TOTAL,
    offered_rate: RATE,
    emitted_in_s: Number(emittedIn.toFixed(2)),
    received: arrived.received,
    distinct: arrived.distinct,
    seconds: Number(seconds.toFixed(2)),
    deliveries_per_second: Number((arrived.received / seconds).toFixed(0)),
    commit_to_arrival_ms: { p50: percentile(lags, 50), p95: percentile(lags, 95), p99: percentile(lags, 99) },
  }),
);

// Emitter overhead: a transaction that emits one event, for a shop without webhooks and for one
// subscribed to it (the deliveries it records are not sent: the relay is stopped).
await kernel.outbox.stop();
const plain = await kernel.shops.create({ name: 'No webhooks' });
const emitOnce = async (shop: number, i: number) => {
  const t = performance.now();
  await inShop(kernel, shop, (ctx) =>
    ctx.services.events.emit('tickets.created', {
      ticket_id: i,
      title: `overhead ${i}`,
      priority: 'P3',
      phone: null,
      customer_email: null,
    }),
  );
  return performance.now() - t;
};
const without: number[] = [];
const withHooks: number[] = [];
for (let i = 0; i < 1000; i++) {
  without.push(await emitOnce(plain.shopId, i));
  withHooks.push(await emitOnce(shopId, i));
}
const p50 = (xs: number[]) => Number(percentile(xs, 50).toFixed(2));
console.log(
  JSON.stringify({
    emitter_overhead_ms: {
      p50_without_webhooks: p50(without),
      p50_subscribed: p50(withHooks),
      added_p50: Number((p50(withHooks) - p50(without)).toFixed(2)),
    },
  }),
);
await close();
