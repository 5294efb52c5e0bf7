import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConfigOverrides, GroupEntry } from '../../core/config/config-schema.js';
import { loadConfig } from '../../core/config/load-config.js';
import { buildKernel, type Kernel } from '../../core/kernel.js';
import { postRpc } from '../../test/helpers/server-process.js';
import { TestDatabase } from '../../test/helpers/test-database.js';

/**
 * A kernel for a benchmark: the embedded engine in a fresh folder when asked, else DATABASE_URL
 * when set, else a database of its own on the local PostgreSQL (dropped by close); no rate limit,
 * no jobs, quiet logs (BENCH_LOG=1 logs warnings, e.g. an internal error's stack). Extra groups
 * (fixtures) are added to the configured ones; database overrides (a pool size) keep the database.
 */
export async function benchKernel(
  extraGroups: Record<string, GroupEntry> = {},
  options: { embedded?: boolean; overrides?: ConfigOverrides } = {},
): Promise<{ kernel: Kernel; close(): Promise<void> }> {
  const db = options.embedded || process.env.DATABASE_URL ? undefined : await TestDatabase.create();
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-'));
  const config = await loadConfig({
    overrides: {
      server: { port: 0 },
      auth: { requestsPerWindow: 100_000_000 },
      jobs: { enabled: false },
      logLevel: 'warn',
      ...(Object.keys(extraGroups).length > 0 && { groups: extraGroups }),
      ...options.overrides,
      database: {
        ...(options.embedded ? { dataDir } : { url: process.env.DATABASE_URL ?? db!.url, dataDir }),
        ...options.overrides?.database,
      },
    },
  });
  const kernel = await buildKernel(config, { logger: !!process.env.BENCH_LOG });
  return {
    kernel,
    async close() {
      await kernel.close();
      await db?.drop();
    },
  };
}

/** tools/call through the server's route, as an MCP client's request arrives; throws on a failed call. */
export function mcpCaller(kernel: Kernel, token: string) {
  let rpcId = 1;
  return async (name: string, args: Record<string, unknown>) => {
    const res = await kernel.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } }),
    });
    const payload = res.json().result.structuredContent;
    if (!payload.success) throw new Error(`${name}: ${JSON.stringify(payload).slice(0, 500)}`);
    return payload;
  };
}

/** A confirmed tool through the route: the first call (it asks for confirmation), then confirm: true. */
export async function mcpConfirmed(kernel: Kernel, token: string, name: string, args: Record<string, unknown>) {
  const call = mcpCaller(kernel, token);
  const first = await kernel.app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name, arguments: args } }),
  });
  if (first.json().result.structuredContent.requires_confirmation !== true)
    throw new Error(`${name}: no confirmation asked: ${first.body.slice(0, 500)}`);
  return call(name, { ...args, confirm: true });
}

/**
 * tools/call over HTTP to a server process (`spawnServer`), as an MCP client sends it; a
 * confirmation asked is answered with confirm: true, as the user would. Throws on a failed call.
 */
export function httpCaller(url: string, token: string) {
  let rpcId = 1;
  const rpc = async (name: string, args: Record<string, unknown>) =>
    (
      await postRpc(
        url,
        { jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } },
        token,
      )
    ).body?.result?.structuredContent;
  return async (name: string, args: Record<string, unknown>) => {
    let payload = await rpc(name, args);
    if (payload?.requires_confirmation === true) payload = await rpc(name, { ...args, confirm: true });
    if (!payload?.success) throw new Error(`${name}: ${JSON.stringify(payload).slice(0, 500)}`);
    return payload;
  };
}

/** The p-th percentile of the timings (nearest rank). */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
