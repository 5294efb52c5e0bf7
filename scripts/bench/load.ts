/**
 * Load benchmark (not a test): --clients concurrent MCP clients (default 200)
 * for --seconds (default 60) against a real server process on the local PostgreSQL, spread over
 * --shops shops (default 20), on a mixed workload: get_credits_balance 50 %, list_ai_tickets 20 %,
 * ping 10 %, create_ai_ticket 20 %. Reports requests/s, p50/p99 per kind, errors (any answer but a
 * success or a deliberate 429), and reads every write back through get_ai_ticket afterwards.
 *
 *   npm run bench:load [-- --clients 200 --seconds 60 --shops 20]
 */
import { parseArgs } from 'node:util';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { benchKernel } from './bench-kernel.js';
import { freePort, spawnServer, waitForReady } from '../../test/helpers/server-process.js';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '60' },
    shops: { type: 'string', default: '20' },
  },
});
const CLIENTS = Number(values.clients);
const SECONDS = Number(values.seconds);
const SHOPS = Number(values.shops);
const SECRET = 'bench-secret-bench-secret-0123456789';

type Kind = 'get_credits_balance' | 'list_ai_tickets' | 'ping' | 'create_ai_ticket';
const MIX: [Kind, number][] = [
  ['get_credits_balance', 0.5],
  ['list_ai_tickets', 0.2],
  ['ping', 0.1],
  ['create_ai_ticket', 0.2],
];

// The database and the shops, made through a kernel of this process that never listens.
const { kernel, close } = await benchKernel();
const shops: { shopId: number; token: string }[] = [];
for (let i = 0; i < SHOPS; i++) shops.push(await kernel.shops.create({ name: `Load shop ${i}`, credits: 1_000_000 }));
const dir = await mkdtemp(join(tmpdir(), 'sb-load-'));
const configFile = join(dir, 'config.json');
// The shops' budgets far above what the run sends: 429s here would be limits working, not load.
await writeFile(configFile, JSON.stringify({ auth: { requestsPerWindow: 10_000_000 } }));
const server = await spawnServer(await freePort(), {
  DATABASE_URL: kernel.config.database.url!,
  SWITCHBOARD_CONFIG: configFile,
  SWITCHBOARD_SECRET: SECRET,
  LOG_LEVEL: 'error',
});
await waitForReady(server);

const dispatcher = new Agent({ connections: CLIENTS, pipelining: 1 });
let rpcId = 1;
/** The parts of an answer the benchmark reads. */
interface Answer {
  result?: { structuredContent?: { success?: boolean; ticket?: { id: number; title: string } } };
}

async function rpc(token: string, method: string, params: unknown): Promise<{ status: number; body: Answer }> {
  const res = await request(`${server.url}/`, {
    method: 'POST',
    dispatcher,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
  });
  return { status: res.statusCode, body: (await res.body.json()) as Answer };
}

const latencies = new Map<Kind, number[]>(MIX.map(([kind]) => [kind, []]));
const errors: string[] = [];
let limited = 0;
const writes: { token: string; id: number; title: string }[] = [];

function pick(): Kind {
  let r = Math.random();
  for (const [kind, share] of MIX) if ((r -= share) < 0) return kind;
  return 'ping';
}

async function client(index: number, until: number): Promise<void> {
  const { token } = shops[index % SHOPS]!;
  const init = await rpc(token, 'initialize', {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: `load-${index}`, version: '1' },
  });
  if (init.status !== 200) errors.push(`initialize → ${init.status}`);
  let n = 0;
  while (Date.now() < until) {
    const kind = pick();
    const title = `Load ${index}-${n++}`;
    const args =
      kind === 'create_ai_ticket'
        ? {
            action: 'create',
            title,
            phone: `+3460${String(index).padStart(3, '0')}${String(n % 10_000).padStart(4, '0')}`,
          }
        : kind === 'list_ai_tickets'
          ? { limit: 20 }
          : {};
    const started = performance.now();
    const res = await rpc(token, 'tools/call', { name: kind, arguments: args });
    latencies.get(kind)!.push(performance.now() - started);
    if (res.status === 429) {
      limited++;
      continue;
    }
    const payload = res.body?.result?.structuredContent;
    if (res.status !== 200 || payload?.success !== true) {
      errors.push(`${kind} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      continue;
    }
    if (kind === 'create_ai_ticket') writes.push({ token, id: payload.ticket!.id, title });
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

const started = Date.now();
await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, started + SECONDS * 1000)));
const elapsed = (Date.now() - started) / 1000;

// Every write read back, through the API, after the run.
let missing = 0;
for (let i = 0; i < writes.length; i += CLIENTS) {
  await Promise.all(
    writes.slice(i, i + CLIENTS).map(async ({ token, id, title }) => {
      const res = await rpc(token, 'tools/call', { name: 'get_ai_ticket', arguments: { ticket_id: id } });
      if (res.body?.result?.structuredContent?.ticket?.title !== title) missing++;
    }),
  );
}

const all = [...latencies.values()].flat().sort((a, b) => a - b);
const summary = {
  clients: CLIENTS,
  shops: SHOPS,
  seconds: Number(elapsed.toFixed(1)),
  requests: all.length,
  requests_per_second: Math.round(all.length / elapsed),
  p50_ms: Number(percentile(all, 0.5).toFixed(1)),
  p99_ms: Number(percentile(all, 0.99).toFixed(1)),
  by_kind: Object.fromEntries(
    [...latencies].map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [
        kind,
        {
          count: list.length,
          p50_ms: Number(percentile(sorted, 0.5).toFixed(1)),
          p99_ms: Number(percentile(sorted, 0.99).toFixed(1)),
        },
      ];
    }),
  ),
  rate_limited_429: limited,
  errors: errors.length,
  writes: writes.length,
  writes_not_read_back: missing,
};
console.log(JSON.stringify(summary, null, 2));
if (errors.length) console.error(errors.slice(0, 10).join('\n'));

await server.stop('SIGTERM');
await dispatcher.close();
await close();
await rm(dir, { recursive: true, force: true });
process.exit(errors.length || missing ? 1 : 0);
