import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { finalizeConfig } from '../../core/config/load-config.js';
import type { ConfigOverrides, SwitchboardConfig } from '../../core/config/config-schema.js';
import defaults from '../../config/default.js';
import { buildKernel, type Kernel } from '../../core/kernel.js';
import { sharedDatabaseUrl } from './global-database.js';
import { recordToolCalls } from '../tool-coverage.js';

export interface TestKernel extends Kernel {
  /** POSTs a JSON-RPC body to / through inject(); returns status, headers and parsed body. */
  rpc(
    body: unknown,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<{ status: number; headers: Record<string, unknown>; body: any }>;
  /** tools/call → the structured payload (and isError). */
  call(token: string, name: string, args?: Record<string, unknown>): Promise<{ payload: any; isError: boolean }>;
  newShop(name?: string, extra?: { maxAgents?: number; credits?: number }): Promise<{ shopId: number; token: string }>;
}

export interface BootOptions {
  groups?: string[];
  overrides?: ConfigOverrides;
  databaseUrl?: string;
  /**
   * Log at info level into this stream (tests that read the log lines); otherwise only errors are
   * kept, in memory, for the message of a call that failed with an internal error.
   */
  logStream?: NodeJS.WritableStream;
}

/** How many error lines a test kernel keeps for explaining an internal error. */
const KEPT_ERROR_LINES = 50;

/** The last error lines a kernel logged: what an "Internal error (request id …)" answer hides. */
function errorLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      if (lines.length > KEPT_ERROR_LINES) lines.shift();
      done();
    },
  });
  const explain = (message: string) => {
    const id = /request id ([^)\s]+)/.exec(message)?.[1];
    const line = id && lines.find((l) => l.includes(id));
    if (!line) return message;
    const { err } = JSON.parse(line) as { err?: { type?: string; message?: string; stack?: string } };
    return `${message}; the kernel logged: ${err?.stack ?? `${err?.type}: ${err?.message}`}`;
  };
  return { stream, explain };
}

/** The secret every test kernel runs with: it seals what the kernel encrypts (sessions' API keys, links). */
export const TEST_KERNEL_SECRET = 'test-secret-test-secret-0123456789';

let nextId = 1;

/** A kernel on the run's database with only the named groups enabled (all configured ones by default). */
export async function bootKernel(options: BootOptions = {}): Promise<TestKernel> {
  const groups = options.groups
    ? Object.fromEntries(options.groups.map((g) => [g, { enabled: true, ...((defaults.groups as any)?.[g] ?? {}) }]))
    : defaults.groups;
  const raw: Record<string, any> = {
    ...defaults,
    ...options.overrides,
    server: { port: 0, ...options.overrides?.server },
    database: {
      url: options.databaseUrl ?? (await sharedDatabaseUrl()),
      dataDir: join(tmpdir(), `sb-test-data-${process.pid}`),
      ...options.overrides?.database,
    },
    secret: TEST_KERNEL_SECRET,
    logLevel: options.logStream ? 'info' : 'error',
    // Every answer a test sees is checked against its tool's output schema.
    tools: { ...defaults.tools, checkOutput: true, ...options.overrides?.tools },
    // Local fakes of outside services listen on 127.0.0.1.
    network: { allowLoopback: true, ...options.overrides?.network },
    groups: { ...groups, ...(options.overrides?.groups ?? {}) },
  };
  const config: Readonly<SwitchboardConfig> = finalizeConfig(raw);
  const errors = errorLog();
  const kernel = await buildKernel(config, { logStream: options.logStream ?? errors.stream });
  recordToolCalls(kernel);
  const rpc: TestKernel['rpc'] = async (body, token, headers = {}) => {
    const res = await kernel.app.inject({
      method: 'POST',
      url: '/',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.statusCode, headers: res.headers, body: res.body ? JSON.parse(res.body) : undefined };
  };
  return Object.assign(kernel, {
    rpc,
    async call(token: string, name: string, args: Record<string, unknown> = {}) {
      const res = await rpc(
        { jsonrpc: '2.0', id: nextId++, method: 'tools/call', params: { name, arguments: args } },
        token,
      );
      if (res.body.error)
        throw new Error(
          errors.explain(
            `tools/call ${name} answered JSON-RPC error ${res.body.error.code}: ${res.body.error.message}`,
          ),
        );
      return { payload: res.body.result.structuredContent, isError: res.body.result.isError };
    },
    newShop: (name = `Shop ${nextId++}`, extra = {}) => kernel.shops.create({ name, ...extra }),
  });
}
