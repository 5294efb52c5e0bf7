/**
 * The hot path side by side (not a test): real server processes, run as `npm start` runs
 * them (compiled to dist/), against a bare Fastify
 * process doing the same database work with `pg` (scripts/bench/bare-server.ts). A fresh process
 * per cell, rounds interleaved, medians printed with the ratios and the targets.
 *
 * Throughput (autocannon in a child process, loopback, --connections, --duration s per cell):
 *   - `tools/call ping` on PostgreSQL and on the embedded default, against a bare route;
 *   - `get_credits_balance` (one SELECT by primary key) against the same SELECT on a bare route;
 *   - `add_customer_comment` on an existing customer (one transaction: the upsert, the read, the
 *     comment and its audit entry) against the same four statements in a transaction.
 * Memory (/proc of the server process):
 *   - PostgreSQL: RSS when ready and over --idle s with no traffic (the climb per minute);
 *   - embedded: RSS when ready, and the peak after the throughput cells.
 *
 * Campaign engine (--engine LINES, off by default: minutes): bench:marketing-engine with LINES
 * sandbox lines and three recipients each, run as a child; its sustained sends/s and peak RSS.
 *
 *   npm run bench:hot-path [-- --rounds 3 --duration 10 --connections 50 --idle 60 --engine 15000]
 *   npm run bench:hot-path -- --only ping,read --idle 0   (some cells: a run that fits in two minutes)
 *
 * --only: a comma list of ping, read, write (the PostgreSQL cells and their bare routes) and
 * embedded (its ping, read and memory); --idle 0 leaves out the PostgreSQL idle sampling.
 *
 * Targets: PostgreSQL read, write and ping ≥ 0.5 of bare; embedded ping ≥ 0.3 of bare; embedded
 * RSS ≤ 350 MB at start and under load; PostgreSQL idle RSS ≤ 150 MB with no steady climb;
 * campaign engine ≥ 3,000 tracked sends/s with peak RSS ≤ 256 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller, percentile } from './bench-kernel.js';
import {
  freePort,
  repoRoot,
  spawnServer,
  waitForReady,
  type ServerProcess,
} from '../../test/helpers/server-process.js';
import { autocannon, type LoadFigures } from './autocannon.js';
import { memoryOf } from './proc.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    idle: { type: 'string', default: '60' },
    /** Extra Node flags for the server processes, to compare V8 settings. */
    'node-flags': { type: 'string', default: '' },
    engine: { type: 'string', default: '0' },
    only: { type: 'string', default: 'ping,read,write,embedded' },
  },
});
const ONLY = new Set(values.only.split(','));
const WORKS = (['ping', 'read', 'write'] as const).filter((work) => ONLY.has(work));
const ROUNDS = Number(values.rounds);
const DURATION = Number(values.duration);
const CONNECTIONS = Number(values.connections);
const IDLE = Number(values.idle);
// The climb is measured from 10 s on: a shorter window has nothing to compare.
if (!(IDLE >= 20 || IDLE === 0))
  throw new Error(`--idle must be 0 (none) or at least 20 (seconds), not ${values.idle}`);
const PHONE = '+34600000001';

const load = (url: string, body: string, token: string | null, seconds = DURATION) =>
  autocannon({
    url,
    body,
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    connections: CONNECTIONS,
    seconds,
  });

const rpc = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } });
const BODIES = {
  ping: rpc('ping', { message: 'hi' }),
  read: rpc('get_credits_balance', {}),
  write: rpc('add_customer_comment', { action: 'add', phone: PHONE, comment: 'A note from the benchmark' }),
};
type Work = keyof typeof BODIES;

// The PostgreSQL database and the embedded data folder, each with a shop, its token and a customer.
const pg = await benchKernel();
const pgShop = await pg.kernel.shops.create({ name: 'Hot path shop', credits: 1_000_000 });
const pgCustomer = (await mcpCaller(pg.kernel, pgShop.token)('add_customer_comment', {
  action: 'add',
  phone: PHONE,
  comment: 'first',
})) as { customer: { id: number } };
const databaseUrl = pg.kernel.config.database.url!;

const lite = ONLY.has('embedded') ? await benchKernel({}, { embedded: true }) : undefined;
const liteShop = await lite?.kernel.shops.create({ name: 'Hot path shop', credits: 1_000_000 });
const dataDir = lite?.kernel.config.database.dataDir ?? '';
await lite?.kernel.close();

const configFile = join(await mkdtemp(join(tmpdir(), 'sb-hot-path-')), 'config.json');
// Far above what the run sends: a 429 here would be the limit working, not the hot path.
await writeFile(configFile, JSON.stringify({ auth: { requestsPerWindow: 1_000_000_000 } }));
const SECRET = 'bench-secret-bench-secret-0123456789';

/** The server as `npm start` runs it: compiled, built once for the benchmark. */
async function startServer(engine: 'postgresql' | 'embedded'): Promise<ServerProcess> {
  const server = await spawnServer(
    await freePort(),
    {
      ...(engine === 'postgresql' ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      SWITCHBOARD_CONFIG: configFile,
      SWITCHBOARD_SECRET: SECRET,
      LOG_LEVEL: 'error',
    },
    { nodeFlags: values['node-flags'].split(' ').filter(Boolean) },
  );
  await waitForReady(server);
  return server;
}

async function startBare(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx/esm',
      'scripts/bench/bare-server.ts',
      String(port),
      databaseUrl,
      String(pgShop.shopId),
      String(pgCustomer.customer.id),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => (child.kill('SIGTERM'), child.once('exit', () => resolve()))),
  };
}

const results = new Map<string, LoadFigures[]>();
const keep = (cell: string, f: LoadFigures) => results.set(cell, [...(results.get(cell) ?? []), f]);
const memory = {
  liteReady: [] as number[],
  litePeak: [] as number[],
  pgReady: [] as number[],
  pgLoadPeak: [] as number[],
};

/** One cell: warm up for 2 s, then measure. */
async function measure(url: string, work: Work, token: string | null): Promise<LoadFigures> {
  await load(url, BODIES[work], token, 2);
  return load(url, BODIES[work], token);
}

for (let round = 1; round <= ROUNDS; round++) {
  const bare = await startBare();
  for (const work of WORKS) keep(`bare ${work}`, await measure(`${bare.url}/${work}`, work, null));
  await bare.stop();

  for (const work of WORKS) {
    const server = await startServer('postgresql');
    if (work === 'ping') memory.pgReady.push(memoryOf(server.child.pid!).rss);
    keep(`postgresql ${work}`, await measure(`${server.url}/`, work, pgShop.token));
    memory.pgLoadPeak.push(memoryOf(server.child.pid!).peak);
    await server.stop();
  }

  if (liteShop) {
    const server = await startServer('embedded');
    memory.liteReady.push(memoryOf(server.child.pid!).rss);
    keep('embedded ping', await measure(`${server.url}/`, 'ping', liteShop.token));
    keep('embedded read', await measure(`${server.url}/`, 'read', liteShop.token));
    memory.litePeak.push(memoryOf(server.child.pid!).peak);
    await server.stop();
  }
  process.stdout.write(`round ${round} of ${ROUNDS} done\n`);
}

/** The campaign engine's own benchmark, whose last lines carry its figures. */
async function engineFigures(lines: number): Promise<{ sustained: string; memory: string; check: string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx/esm',
      'scripts/bench/marketing-engine.ts',
      '--sessions',
      String(lines),
      '--recipients',
      String(lines * 3),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  const line = (prefix: string) => out.split('\n').find((l) => l.startsWith(prefix)) ?? `${prefix}: (not printed)`;
  return {
    sustained: line('sustained'),
    memory: line('memory'),
    check: code === 0 ? 'every check passed' : 'CHECK FAILED',
  };
}
const engine = Number(values.engine) > 0 ? await engineFigures(Number(values.engine)) : undefined;

// PostgreSQL at rest: what the process holds when nothing happens, and whether it climbs.
const samples: { at: number; rss: number }[] = [];
if (IDLE > 0) {
  const idle = await startServer('postgresql');
  for (let s = 0; s <= IDLE; s++) {
    samples.push({ at: s, rss: memoryOf(idle.child.pid!).rss });
    await new Promise((r) => setTimeout(r, 1000));
  }
  await idle.stop();
}

const median = (xs: number[]) => percentile(xs, 50);
const med = (cell: string): LoadFigures => {
  const fs = results.get(cell)!;
  return {
    rps: median(fs.map((f) => f.rps)),
    p50: median(fs.map((f) => f.p50)),
    p99: median(fs.map((f) => f.p99)),
    errors: fs.reduce((n, f) => n + f.errors, 0),
  };
};

console.log(`\n${ROUNDS} rounds, ${DURATION} s per cell, ${CONNECTIONS} connections, loopback, medians\n`);
console.log('| work | switchboard req/s | p50 / p99 ms | bare req/s | p50 / p99 ms | ratio | target |');
console.log('|---|---|---|---|---|---|---|');
const rows: [string, string, string, number][] = [
  ['tools/call ping, PostgreSQL', 'postgresql ping', 'bare ping', 0.5],
  ['get_credits_balance (one read), PostgreSQL', 'postgresql read', 'bare read', 0.5],
  ['add_customer_comment (one write transaction), PostgreSQL', 'postgresql write', 'bare write', 0.5],
  ['tools/call ping, embedded', 'embedded ping', 'bare ping', 0.3],
  ['get_credits_balance, embedded (against bare on PostgreSQL)', 'embedded read', 'bare read', 0],
];
for (const [name, cell, bareCell, target] of rows) {
  // A cell, or the bare cell it is compared with, that --only left out.
  if (!results.has(cell) || !results.has(bareCell)) continue;
  const k = med(cell);
  const b = med(bareCell);
  const ratio = k.rps / b.rps;
  const verdict = target === 0 ? 'no target' : `≥ ${target} ${ratio >= target ? 'met' : 'MISSED'}`;
  console.log(
    `| ${name} | ${k.rps.toFixed(0)} | ${k.p50} / ${k.p99} | ${b.rps.toFixed(0)} | ${b.p50} / ${b.p99} | ${ratio.toFixed(2)} | ${verdict} |`,
  );
  if (k.errors || b.errors) console.log(`  errors: switchboard ${k.errors}, bare ${b.errors}`);
}

const mb = (x: number) => `${x.toFixed(0)} MB`;
console.log('\n| memory | measured | target |');
console.log('|---|---|---|');
if (memory.liteReady.length > 0) {
  console.log(`| embedded, RSS when ready | ${mb(median(memory.liteReady))} | ≤ 350 MB |`);
  console.log(`| embedded, peak RSS under load | ${mb(median(memory.litePeak))} | ≤ 350 MB |`);
}
if (memory.pgReady.length > 0) console.log(`| PostgreSQL, RSS when ready | ${mb(median(memory.pgReady))} | ≤ 150 MB |`);
if (memory.pgLoadPeak.length > 0)
  console.log(`| PostgreSQL, peak RSS under load | ${mb(median(memory.pgLoadPeak))} | |`);
if (samples.length > 0) {
  const after10 = samples.filter((s) => s.at >= 10);
  const climb = ((after10.at(-1)!.rss - after10[0]!.rss) / (after10.at(-1)!.at - after10[0]!.at)) * 60;
  console.log(
    `| PostgreSQL, idle ${IDLE} s: at 10 s / at the end / highest | ${mb(after10[0]!.rss)} / ${mb(after10.at(-1)!.rss)} / ${mb(Math.max(...samples.map((s) => s.rss)))} | ≤ 150 MB |`,
  );
  console.log(`| PostgreSQL, idle climb after 10 s | ${climb.toFixed(1)} MB/min | none steady |`);
}
if (engine)
  console.log(
    `\ncampaign engine (${values.engine} lines; targets ≥ 3,000 sends/s, peak RSS ≤ 256 MB):\n  ${engine.sustained}\n  ${engine.memory}\n  ${engine.check}`,
  );

await lite?.close();
await pg.close();
