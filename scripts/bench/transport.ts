/**
 * Transport benchmark (not a test): tools/call of a trivial query and tools/list with every
 * tool registered, each side by side with a bare Fastify route that returns the same bytes.
 * Loopback only, bounded by duration. autocannon runs in a child process so the load generator
 * does not share the server's event loop.
 *
 *   npm run bench:transport [-- --duration 10 --connections 10]
 *
 * Targets: tools/call ≥ 50% of the bare route with auth and validation on; tools/list ≥ 80%.
 */
import { parseArgs } from 'node:util';
import { benchKernel } from './bench-kernel.js';
import { autocannon, type LoadFigures } from './autocannon.js';
import Fastify from 'fastify';

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '10' } },
});
const duration = Number(values.duration);
const connections = Number(values.connections);

const load = (url: string, body: string, headers: Record<string, string>) =>
  autocannon({ url, body, headers, connections, seconds: duration });

const { kernel, close } = await benchKernel();
const base = await kernel.listen();
const { token } = await kernel.shops.create({ name: 'Bench shop' });
const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };

const callBody = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'ping', arguments: { message: 'hi' } },
});
const listBody = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
const sample = async (body: string) => (await fetch(`${base}/`, { method: 'POST', headers, body })).text();
const callBytes = Buffer.from(await sample(callBody));
const listBytes = Buffer.from(await sample(listBody));

// The bare route: the same bytes, encoded once, with no JSON-RPC, auth, validation or database.
const bare = Fastify({ logger: false });
bare.post('/call', async (_req, reply) => reply.header('content-type', 'application/json').send(callBytes));
bare.post('/list', async (_req, reply) => reply.header('content-type', 'application/json').send(listBytes));
const bareBase = await bare.listen({ host: '127.0.0.1', port: 0 });

const rows: [string, LoadFigures, LoadFigures, number][] = [];
for (const [name, body, path, target] of [
  ['tools/call ping', callBody, '/call', 0.5],
  [`tools/list (${kernel.registry.all().length} tools)`, listBody, '/list', 0.8],
] as const) {
  const bareFig = await load(`${bareBase}${path}`, body, { 'content-type': 'application/json' });
  const kernelFig = await load(`${base}/`, body, headers);
  rows.push([name, kernelFig, bareFig, target]);
}

console.log(
  `\nduration ${duration}s, ${connections} connections, loopback, response sizes: call ${callBytes.length} B, list ${listBytes.length} B\n`,
);
console.log('| case | switchboard req/s | p50 / p99 ms | bare req/s | p50 / p99 ms | ratio | target |');
console.log('|---|---|---|---|---|---|---|');
for (const [name, k, b, target] of rows) {
  const ratio = k.rps / b.rps;
  console.log(
    `| ${name} | ${k.rps.toFixed(0)} | ${k.p50} / ${k.p99} | ${b.rps.toFixed(0)} | ${b.p50} / ${b.p99} | ${(ratio * 100).toFixed(0)}% | ≥ ${target * 100}% ${ratio >= target ? 'met' : 'MISSED'} |`,
  );
  if (k.errors || b.errors) console.log(`  errors: switchboard ${k.errors}, bare ${b.errors}`);
}

await bare.close();
await close();
