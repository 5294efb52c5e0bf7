import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compiledBuild } from './compiled-build.js';
import { cpuOf } from '../../scripts/bench/proc.js';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How `npm start` runs node (package.json's start script, its last command): the variables it sets
 * before `node` and the node flags between `node` and the entry, so a spawned server runs with
 * exactly those and the script stays the one place that names them.
 */
const START_COMMAND = (() => {
  const { scripts } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const words = scripts.start.split('&&').at(-1)!.trim().split(/\s+/);
  const node = words.indexOf('node');
  return {
    env: Object.fromEntries(words.slice(0, node).map((word) => word.split('=', 2) as [string, string])),
    flags: words.slice(node + 1, -1),
  };
})();
export const START_ENV: Readonly<Record<string, string>> = START_COMMAND.env;
export const START_NODE_FLAGS: readonly string[] = START_COMMAND.flags;

/** Variables that configure the server; children get only the ones a test passes on purpose. */
const CONFIG_VARIABLES = [
  'DATABASE_URL',
  'DATA_DIR',
  'PORT',
  'HOST',
  'PUBLIC_BASE_URL',
  'ALLOWED_ORIGINS',
  'SWITCHBOARD_CONFIG',
  'SWITCHBOARD_GROUPS',
  'SWITCHBOARD_SECRET',
  'LOG_LEVEL',
];

export function childEnv(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete env[name];
  return { ...env, ...vars };
}

/** A port nothing listens on right now: bind to 0, read what the OS gave, release it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stdout(): string;
  stderr(): string;
  exited: Promise<Exit>;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/**
 * The server as `npm start` runs it: compiled, from the run's build (compiled-build.ts), with its
 * node flags (START_NODE_FLAGS). `typescript` runs core/main.ts through tsx, for the one
 * test that covers that entry.
 */
export async function spawnServer(
  port: number,
  vars: Record<string, string>,
  options: { entry?: 'compiled' | 'typescript'; nodeFlags?: string[] } = {},
): Promise<ServerProcess> {
  const entry =
    options.entry === 'typescript'
      ? ['--import', 'tsx/esm', 'core/main.ts']
      : [...START_NODE_FLAGS, join(await compiledBuild(), 'core/main.js')];
  // Flags given here come after `npm start`'s, so that one of them overrides its default.
  const child = spawn(process.execPath, [...entry.slice(0, -1), ...(options.nodeFlags ?? []), entry.at(-1)!], {
    cwd: repoRoot,
    env: childEnv({ ...START_ENV, PORT: String(port), LOG_LEVEL: 'warn', ...vars }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stdout: () => out,
    stderr: () => err,
    exited,
    stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * Polls `done` until it holds, while a server process works (a crash test waiting for sends). It
 * fails when what it waits for stops moving — `progress` (a count, a summary of states) unchanged
 * for `stallMs` — or when the server exits, with the server's last stderr, which says why; not
 * after a fixed time, which a loaded machine outruns. Without `progress`, `done` must come within
 * `stallMs`.
 */
export async function waitWhileRunning(
  what: string,
  done: () => boolean | Promise<boolean>,
  server: ServerProcess,
  options: { progress?: () => unknown; stallMs?: number } = {},
): Promise<void> {
  const stallMs = options.stallMs ?? 60_000;
  let exit: Exit | undefined;
  void server.exited.then((e) => (exit = e));
  let seen = JSON.stringify(await options.progress?.());
  let [movedAt, checkedAt] = [Date.now(), Date.now()];
  while (!(await done())) {
    if (exit)
      throw new Error(
        `${what} did not happen: the server exited (${exit.code ?? exit.signal}): ${server.stderr().slice(-2000)}`,
      );
    if (options.progress && Date.now() - checkedAt >= 500) {
      checkedAt = Date.now();
      const now = JSON.stringify(await options.progress());
      if (now !== seen) [seen, movedAt] = [now, checkedAt];
    }
    if (Date.now() - movedAt > stallMs)
      throw new Error(
        `${what} did not happen: nothing moved for ${stallMs / 1000} s (${seen ?? 'no progress measure'}); server said: ${server.stderr().slice(-2000)}`,
      );
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The CPU a server process has used so far, in ms; 0 once it is gone (the exit is reported next round). */
function cpuUsed(server: ServerProcess): number {
  try {
    return cpuOf(server.child.pid!);
  } catch {
    return 0;
  }
}

/** A start takes ~3 s of CPU; a server that used this much and is not ready is stuck, however loaded the machine. */
const READY_CPU_MS = 60_000;
/** And this much wall time, whatever its CPU: a server waiting forever on something uses none. */
const READY_WALL_MS = 600_000;

/**
 * Resolves once GET /ready answers 200; rejects with the server's stderr if it exits first, or once
 * it has used READY_CPU_MS of CPU without getting there — a deadline on the work being waited for,
 * which a loaded machine slows down but does not make longer.
 */
export async function waitForReady(server: ServerProcess): Promise<void> {
  let exit: Exit | undefined;
  void server.exited.then((e) => (exit = e));
  const started = Date.now();
  for (;;) {
    if (exit) throw new Error(`server exited (${exit.code ?? exit.signal}) before it was ready: ${server.stderr()}`);
    try {
      const res = await fetch(`${server.url}/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    const cpu = cpuUsed(server);
    if (cpu > READY_CPU_MS || Date.now() - started > READY_WALL_MS)
      throw new Error(
        `server not ready after ${Math.round((Date.now() - started) / 1000)} s and ${Math.round(cpu / 1000)} s of CPU: ${server.stderr()}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** One JSON-RPC request over real HTTP. */
export async function postRpc(
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${url}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
