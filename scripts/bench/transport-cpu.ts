/**
 * The hot path's CPU per call (not a test): tools/call ping and get_credits_balance through the
 * server's route, in this process with Fastify's inject (no sockets), against a bare Fastify app
 * answering the same bytes and running the same SELECT with `pg`. What it reports is process CPU
 * (user + system) per call, not a rate: on a machine shared with other work, throughput follows
 * whatever else runs, while the CPU a call costs moves much less. The ratio is bare CPU / server
 * CPU, what the throughput ratio of `bench:hot-path` would be if both were bound by this process's
 * CPU. Socket writes, which both pay alike, are left out, so ratios come out lower than there.
 *
 *   npm run bench:transport-cpu [-- --calls 4000 --rounds 5 --concurrency 20]
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import Fastify, { type FastifyInstance } from 'fastify';
import type * as Pg from 'pg';
import { benchKernel, percentile } from './bench-kernel.js';

const require = createRequire(import.meta.url);
const { Pool } = require('pg') as typeof Pg;

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '20' },
  },
});
const CALLS = Number(values.calls);
const ROUNDS = Number(values.rounds);
const CONCURRENCY = Number(values.concurrency);

const { kernel, close } = await benchKernel();
const { token, shopId } = await kernel.shops.create({ name: 'CPU bench shop', credits: 1_000_000 });
const rpc = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
const BODIES = { ping: rpc('ping', { message: 'hi' }), read: rpc('get_credits_balance', {}) };
type Work = keyof typeof BODIES;

// The bare app: what scripts/bench/bare-server.ts does, on the server's pool size.
const pool = new Pool({ connectionString: kernel.config.database.url!, max: kernel.config.database.poolMax });
const rpcResult = (structured: Record<string, unknown>) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    result: { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured },
  });
const bare = Fastify({ logger: false });
bare.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
bare.post('/ping', async (req, reply) => {
  JSON.parse(req.body as string);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(rpcResult({ success: true, message: 'pong: hi', timestamp: new Date().toISOString() }));
});
bare.post('/read', async (req, reply) => {
  JSON.parse(req.body as string);
  const { rows } = await pool.query('select credits_balance from shops where id = $1', [shopId]);
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .send(rpcResult({ success: true, credits_balance: Number(rows[0].credits_balance) }));
});
await bare.ready();

/** CPU µs per call for `calls` calls, `CONCURRENCY` at a time. */
async function cpuPerCall(app: FastifyInstance, url: string, work: Work, calls: number): Promise<number> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = 0; i < calls / CONCURRENCY; i++) {
        const res = await app.inject({ method: 'POST', url, headers, payload: BODIES[work] });
        if (res.statusCode !== 200) throw new Error(`${url} ${work}: ${res.statusCode} ${res.body}`);
      }
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / calls;
}

const cells = new Map<string, number[]>();
const keep = (cell: string, us: number) => cells.set(cell, [...(cells.get(cell) ?? []), us]);
for (const work of ['ping', 'read'] as const) {
  // Warm-up: the JIT and the pools, for both.
  await cpuPerCall(kernel.app, '/', work, CALLS / 2);
  await cpuPerCall(bare, `/${work}`, work, CALLS / 2);
  for (let round = 0; round < ROUNDS; round++) {
    keep(`server ${work}`, await cpuPerCall(kernel.app, '/', work, CALLS));
    keep(`bare ${work}`, await cpuPerCall(bare, `/${work}`, work, CALLS));
  }
}

console.log(`\n${ROUNDS} rounds of ${CALLS} calls, ${CONCURRENCY} at a time, in process (inject), medians\n`);
console.log('| work | server CPU µs/call | bare CPU µs/call | ratio (bare / server) |');
console.log('|---|---|---|---|');
for (const [name, work] of [
  ['tools/call ping', 'ping'],
  ['get_credits_balance (one read)', 'read'],
] as const) {
  const server = percentile(cells.get(`server ${work}`)!, 50);
  const b = percentile(cells.get(`bare ${work}`)!, 50);
  console.log(`| ${name} | ${server.toFixed(0)} | ${b.toFixed(0)} | ${(b / server).toFixed(2)} |`);
}

await bare.close();
await pool.end();
await close();
