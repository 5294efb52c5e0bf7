import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

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

/** How the server runs: the TypeScript through tsx, or `npm start`'s compiled dist/ (built beforehand). */
const ENTRY = {
  typescript: ['--import', 'tsx/esm', 'core/main.ts'],
  compiled: ['--conditions=switchboard-built', 'dist/core/main.js'],
};

/** The server with `vars` added to its environment (DATA_DIR, DATABASE_URL, …); `nodeFlags` go to node. */
export function spawnServer(
  port: number,
  vars: Record<string, string>,
  options: { entry?: keyof typeof ENTRY; nodeFlags?: string[] } = {},
): ServerProcess {
  const args = [...(options.nodeFlags ?? []), ...ENTRY[options.entry ?? 'typescript']];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: childEnv({ PORT: String(port), LOG_LEVEL: 'warn', ...vars }),
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

/** `npm run build`: compiles the server into dist/ for the compiled entry. */
export async function buildServer(): Promise<void> {
  const build = spawn(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' });
  const code = await new Promise((resolve) => build.once('exit', resolve));
  if (code !== 0) throw new Error(`the build exited ${code}`);
}

/**
 * Polls `done` until it holds, while a server process works (a crash test waiting for sends);
 * fails after `timeoutMs` with the server's last stderr, which says why it did not get there.
 */
export async function waitWhileRunning(
  what: string,
  done: () => boolean | Promise<boolean>,
  server: ServerProcess,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen; server said: ${server.stderr().slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Resolves once GET /ready answers 200; rejects with the server's stderr if it exits first. */
export async function waitForReady(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  let exit: Exit | undefined;
  void server.exited.then((e) => (exit = e));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit) throw new Error(`server exited (${exit.code ?? exit.signal}) before it was ready: ${server.stderr()}`);
    try {
      const res = await fetch(`${server.url}/ready`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready after ${timeoutMs} ms: ${server.stderr()}`);
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
