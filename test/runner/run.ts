/**
 * `npm test`: the whole suite, on both engines, in parallel lanes.
 *
 *   npm test [-- --tier all|default|slow] [--engine both|auto|postgresql|embedded] [--jobs N] [files…]
 *
 * --engine auto: PostgreSQL when it answers, else the embedded engine (`npm run test:quick`).
 *
 * - Made once per run, before any lane starts: the server and operator scripts compiled into a
 *   temporary folder (test/helpers/compiled-build.ts), and the template databases each engine's
 *   test databases are cloned from (test/helpers/database-templates.ts).
 * - Each file that uses the run's database runs on PostgreSQL and on the embedded engine; the rest
 *   run once (test-files.ts). Files are packed into chunks of about CHUNK_MS by their last known
 *   time (file-weights.json); up to `--jobs` chunks run at a time, a further one starting only while
 *   the CPU has room (cpu-gate.ts); each is a mocha process with its own database and its own log.
 * - At the end: the failed lanes' logs, the run's counts per engine, the 15 slowest files and the 10
 *   that took the most CPU, every failing test in one line, and tool coverage over the union of the
 *   lanes. The exit code is non-zero if any lane failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareCompiledBuild, removeCompiledBuild } from '../helpers/compiled-build.js';
import { prepareTemplates, removeTemplates, type Templates } from '../helpers/database-templates.js';
import { dropLeftoverDatabases, useEmbedded } from '../helpers/test-database.js';
import { coverageFailure, uncalledTools, type LaneCoverage } from '../tool-coverage.js';
import { classify, REPO_ROOT, specFiles } from './test-files.js';
import { failureList, formatDuration, heaviestFiles, type FileTiming } from './timing-summary.js';
import { packChunks, WEIGHTS_FILE, type Chunk, type Engine } from './chunks.js';
import { CpuGate } from './cpu-gate.js';

/** A lane's CPU spike at start (loading mocha, tsx and the groups) is over by then. */
const START_SPACING_MS = 5_000;
/** Another lane starts while at least this share of the CPU is idle. */
const IDLE_TO_START = 0.3;

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    tier: { type: 'string', default: 'all' },
    engine: { type: 'string', default: 'both' },
    jobs: { type: 'string' },
    'save-weights': { type: 'boolean', default: false },
  },
});

const fail = (message: string): never => {
  console.error(`npm test: ${message}`);
  process.exit(2);
};
if (!['all', 'default', 'slow'].includes(options.tier))
  fail(`--tier must be all, default or slow, not ${options.tier}`);
if (!['both', 'auto', 'postgresql', 'embedded'].includes(options.engine))
  fail(`--engine must be both, auto, postgresql or embedded, not ${options.engine}`);
const jobs = options.jobs === undefined ? availableParallelism() * 3 : Number(options.jobs);
if (!Number.isInteger(jobs) || jobs < 1) fail(`--jobs must be a whole number of 1 or more, not ${options.jobs}`);

const started = Date.now();
const all = specFiles();
const unknown = positionals.filter((f) => !all.includes(f));
if (unknown.length > 0) fail(`not test files of the suite: ${unknown.join(', ')}`);
// Files named on the command line run whatever their tier.
const files = classify(positionals.length > 0 ? positionals : all).filter(
  (f) => positionals.length > 0 || options.tier === 'all' || f.tier === options.tier,
);

const postgresqlAnswers = options.engine !== 'embedded' && !(await useEmbedded());
if (options.engine === 'postgresql' && !postgresqlAnswers) fail('--engine postgresql, but PostgreSQL does not answer');
const engines: Engine[] =
  options.engine === 'embedded'
    ? ['embedded']
    : options.engine !== 'both' || !postgresqlAnswers
      ? [postgresqlAnswers ? 'postgresql' : 'embedded']
      : ['postgresql', 'embedded'];

const runs = engines.flatMap((engine) =>
  files.filter((f) => engine === engines[0] || !f.once).map((file) => ({ engine, file })),
);
const weights = JSON.parse(await readFile(WEIGHTS_FILE, 'utf8').catch(() => '{}')) as Record<string, number>;
const chunks = packChunks(runs, weights);
console.log(
  `npm test: ${files.length} files (${options.tier} tier) on ${engines.join(' and ')}: ${runs.length} file runs in ${chunks.length} lanes, up to ${jobs} at a time while the CPU has room. Preparing the build and the template databases…`,
);

const work = await mkdtemp(join(tmpdir(), 'sb-test-run-'));
const logs = join(work, 'logs');
await mkdir(logs);
const children = new Set<ChildProcess>();
const templates: Templates = {};
let build: string | undefined;

let stopping = false;
// Lanes still running when this process ends for any reason are stopped with it.
const stopLane = (child: ChildProcess) => {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already gone
  }
};
process.once('exit', () => children.forEach(stopLane));

async function cleanUp() {
  stopping = true;
  children.forEach(stopLane);
  await removeTemplates(templates).catch(() => undefined);
  if (build) await removeCompiledBuild(join(build, '..')).catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`npm test: ${signal}, stopping the lanes and dropping the run's databases`);
    void cleanUp().finally(() => process.exit(130));
  });

try {
  const prepared = Date.now();
  if (engines.includes('postgresql')) {
    const dropped = await dropLeftoverDatabases();
    if (dropped.length > 0) console.log(`npm test: dropped ${dropped.length} database(s) left by runs that died`);
  }
  const [app, ...made] = await Promise.all([
    mkdir(join(work, 'build')).then(() => prepareCompiledBuild(join(work, 'build'))),
    ...engines.map((engine) => prepareTemplates(engine === 'embedded')),
  ]);
  build = app;
  for (const t of made) Object.assign(templates, t);
  console.log(`npm test: prepared in ${formatDuration(Date.now() - prepared)}; logs in ${logs}`);

  const results = await runChunks(chunks);
  const failed = results.filter((r) => r.code !== 0);
  for (const r of failed) {
    console.log(`\n──── ${r.chunk.name} failed (exit ${r.code}); its log, ${r.log}:\n`);
    console.log(await readFile(r.log, 'utf8'));
  }
  const timings = results.flatMap((r) => r.timings);
  printCounts(timings);
  console.log(`\nThe 15 slowest file runs:\n${heaviestFiles(timings, 15)}`);
  console.log(
    `\nThe 10 file runs that took the most CPU (with the processes they started):\n${heaviestFiles(timings, 10, 'cpuMs')}`,
  );
  const failures = failureList(timings);
  const silent = failed.filter((r) => !r.timings.some((t) => t.failed > 0)).map((r) => r.chunk.name);
  if (failures || silent.length > 0)
    console.log(
      `\nFailing:\n${failures}${silent.length > 0 ? `\n  lanes that failed without a failing test (see their logs above): ${silent.join(', ')}` : ''}`,
    );
  if (options['save-weights']) await saveWeights(timings);

  let coverage = '';
  if (failed.length === 0 && options.tier === 'all' && positionals.length === 0) {
    const lanes = results.map((r) => r.coverage);
    if (lanes.every((l) => l?.complete)) {
      const failure = coverageFailure(await uncalledTools(new Set(lanes.flatMap((l) => l!.called))));
      if (failure) {
        console.log(`\n${failure.message}`);
        coverage = ' Tool coverage failed.';
      } else coverage = ' Every tool was called.';
    }
  }
  const ok = failed.length === 0 && !coverage.includes('failed');
  console.log(
    `\nnpm test: ${ok ? 'passed' : 'FAILED'} in ${formatDuration(Date.now() - started)}: ${results.length - failed.length} of ${results.length} lanes green.${coverage}`,
  );
  await cleanUp();
  if (ok) await rm(work, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
} catch (err) {
  console.error(err);
  await cleanUp();
  process.exit(1);
}

interface ChunkResult {
  chunk: Chunk;
  code: number;
  log: string;
  timings: FileTiming[];
  coverage: LaneCoverage | undefined;
}

/**
 * Runs the chunks heaviest first: at most `jobs` at a time, and a further one only while the CPU
 * has room for it (cpu-gate.ts), one start every START_SPACING_MS at most.
 */
async function runChunks(queue: Chunk[]): Promise<ChunkResult[]> {
  const gate = new CpuGate();
  const results: ChunkResult[] = [];
  const pending = [...queue];
  const running = new Set<Promise<void>>();
  let lastStart = 0;
  try {
    while ((pending.length > 0 && !stopping) || running.size > 0) {
      const room =
        running.size === 0 ||
        (running.size < jobs && Date.now() - lastStart >= START_SPACING_MS && gate.idle() >= IDLE_TO_START);
      if (pending.length > 0 && !stopping && room) {
        const chunk = pending.shift()!;
        lastStart = Date.now();
        const lane: Promise<void> = runChunk(chunk).then((result) => {
          results.push(result);
          running.delete(lane);
        });
        running.add(lane);
        continue;
      }
      await Promise.race([...running, new Promise((resolve) => setTimeout(resolve, 1000))]);
    }
  } finally {
    gate.close();
  }
  return results;
}

async function runChunk(chunk: Chunk): Promise<ChunkResult> {
  const log = join(logs, `${chunk.name}.log`);
  const timingFile = join(work, `${chunk.name}.timing.json`);
  const coverageFile = join(work, `${chunk.name}.coverage.json`);
  const since = Date.now();
  const out = createWriteStream(log);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SWITCHBOARD_TEST_RUN: '1',
    SWITCHBOARD_TEST_BUILD: build,
    SWITCHBOARD_TEST_TIMING: timingFile,
    SWITCHBOARD_TOOL_COVERAGE_FILE: coverageFile,
    SWITCHBOARD_TOOL_COVERAGE: '',
    ...(templates.pg && { SWITCHBOARD_TEST_PG_TEMPLATE: templates.pg }),
    ...(templates.pglite && { SWITCHBOARD_TEST_PGLITE_TEMPLATES: templates.pglite }),
    TEST_DATABASE: chunk.engine === 'embedded' ? 'pglite' : 'postgresql',
  };
  // mocha's CLI module run by node with the loader flag itself: bin/mocha.js would spawn it as a
  // second process. Its own process group, so that stopping a lane stops what its tests started.
  const child = spawn(
    process.execPath,
    [
      '--import=tsx/esm',
      join(REPO_ROOT, 'node_modules/mocha/lib/cli/cli.js'),
      '--no-config',
      '--require',
      'test/helpers/global-database.ts',
      '--require',
      'test/tool-coverage.ts',
      '--require',
      'test/runner/count-assertions.ts',
      '--timeout',
      '20000',
      '--exit',
      '--reporter',
      'test/runner/timing-reporter.cjs',
      ...chunk.files,
    ],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  children.add(child);
  child.stdout!.pipe(out);
  child.stderr!.pipe(out);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
  );
  children.delete(child);
  await new Promise((resolve) => out.end(resolve));
  const timings = (JSON.parse(await readFile(timingFile, 'utf8').catch(() => '[]')) as FileTiming[]).map((t) => ({
    ...t,
    engine: chunk.engine,
  }));
  const coverage = await readFile(coverageFile, 'utf8').then(
    (text) => JSON.parse(text) as LaneCoverage,
    () => undefined,
  );
  const counted = timings.reduce((n, t) => n + t.passed + t.failed, 0);
  const failures = timings.reduce((n, t) => n + t.failed, 0);
  // mocha can exit 0 having run nothing of a file (its CLI never started, or the file registers no
  // test): such a lane is not green, or a run that tested nothing would pass.
  const unreported = chunk.files.filter((file) => !timings.some((t) => t.file === file));
  if (unreported.length > 0)
    await appendFile(log, `\nnpm test: no test of ${unreported.join(', ')} reported a result\n`);
  const laneCode = code === 0 && unreported.length > 0 ? 1 : code;
  console.log(
    `  ${laneCode === 0 ? 'ok  ' : 'FAIL'} ${chunk.name}: ${counted} tests${failures ? `, ${failures} failing` : ''}${unreported.length > 0 ? `, ${unreported.length} file(s) without a result` : ''} in ${formatDuration(Date.now() - since)}`,
  );
  return { chunk, code: laneCode, log, timings, coverage };
}

function printCounts(timings: FileTiming[]) {
  console.log('\nPer engine:');
  for (const engine of engines) {
    const mine = timings.filter((t) => t.engine === engine);
    const sum = (key: 'passed' | 'failed' | 'pending' | 'assertions') => mine.reduce((n, t) => n + t[key], 0);
    console.log(
      `  ${engine}: ${mine.length} files, ${sum('passed')} passing, ${sum('failed')} failing, ${sum('pending')} pending, ${sum('assertions')} assertions`,
    );
  }
}

/** The run's per-file times, as the next run's chunking weights (`--save-weights`). */
async function saveWeights(timings: FileTiming[]) {
  const previous = JSON.parse(await readFile(WEIGHTS_FILE, 'utf8').catch(() => '{}')) as Record<string, number>;
  for (const t of timings) previous[`${t.engine}:${t.file}`] = t.ms;
  const sorted = Object.fromEntries(Object.entries(previous).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(WEIGHTS_FILE, JSON.stringify(sorted, null, 2) + '\n');
  console.log(`npm test: wrote ${WEIGHTS_FILE}`);
}
