import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { bootKernel, TEST_KERNEL_SECRET } from './helpers/boot.js';
import { sharedDatabaseUrl } from './helpers/global-database.js';
import { freePort, postRpc, spawnServer, waitForReady, type ServerProcess } from './helpers/server-process.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REQUESTS = 6;
const FAILURES = 3;

describe('limits shared across server processes through Redis', function () {
  this.timeout(180_000);

  let dir: string;
  let token: string;
  const started: ServerProcess[] = [];

  /** Two processes of one deployment; each pair gets keys of its own in Redis. */
  const pair = async (redis: boolean): Promise<[ServerProcess, ServerProcess]> => {
    const config = join(dir, `${randomUUID()}.json`);
    await writeFile(
      config,
      JSON.stringify({
        auth: { requestsPerWindow: REQUESTS, failedAttemptsPerWindow: FAILURES, windowSeconds: 600 },
        redis: { keyPrefix: `sb-test-${randomUUID()}` },
      }),
    );
    const vars = {
      DATABASE_URL: await sharedDatabaseUrl(),
      SWITCHBOARD_CONFIG: config,
      SWITCHBOARD_SECRET: TEST_KERNEL_SECRET,
      SWITCHBOARD_GROUPS: 'general',
      LOG_LEVEL: 'error',
      ...(redis && { REDIS_URL }),
    };
    const servers = [await spawnServer(await freePort(), vars), await spawnServer(await freePort(), vars)] as const;
    started.push(...servers);
    await Promise.all(servers.map((server) => waitForReady(server)));
    return [servers[0], servers[1]];
  };
  /** Statuses of `count` pings sent alternately to the two processes. */
  const alternate = async (servers: ServerProcess[], count: number, bearer: string) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++)
      statuses.push((await postRpc(servers[i % 2]!.url, { jsonrpc: '2.0', id: i, method: 'ping' }, bearer)).status);
    return statuses;
  };
  const tally = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-limits-'));
    const k = await bootKernel({ groups: ['general'] });
    ({ token } = await k.newShop('Shared limits shop'));
    await k.close();
  });
  after(async () => {
    for (const server of started) await server.stop('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('with REDIS_URL the per-shop limit holds in total over both processes', async () => {
    const servers = await pair(true);
    const statuses = await alternate(servers, REQUESTS * 3, token);
    expect(tally(statuses)).to.deep.equal({ 200: REQUESTS, 429: REQUESTS * 2 });
    expect(statuses.slice(0, REQUESTS).every((s) => s === 200)).to.equal(true);
  });

  it('with REDIS_URL the failed-authentication limit per address holds in total too', async () => {
    const servers = await pair(true);
    const statuses = await alternate(servers, FAILURES * 3, 'sbt_wrong-token');
    expect(tally(statuses)).to.deep.equal({ 401: FAILURES, 429: FAILURES * 2 });
    // A valid token still passes from that address: only failures are limited.
    expect((await alternate(servers, 2, token)).every((s) => s === 200)).to.equal(true);
  });

  it('without Redis each process keeps its own budget (the contrast)', async () => {
    const servers = await pair(false);
    const statuses = await alternate(servers, REQUESTS * 3, token);
    expect(tally(statuses)).to.deep.equal({ 200: REQUESTS * 2, 429: REQUESTS });
  });
});

describe('limits when Redis cannot be reached', () => {
  it('fall back to this process’s memory: requests are answered and the limit still holds', async () => {
    const port = await freePort();
    const k = await bootKernel({
      groups: ['general'],
      overrides: {
        auth: { requestsPerWindow: 3, failedAttemptsPerWindow: 20, windowSeconds: 600 },
        redis: { url: `redis://127.0.0.1:${port}`, keyPrefix: 'sb-test-down' },
      },
    });
    try {
      const { token } = await k.newShop('Redis down shop');
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await k.rpc({ jsonrpc: '2.0', id: i, method: 'ping' }, token)).status);
      expect(statuses).to.deep.equal([200, 200, 200, 429, 429]);
    } finally {
      await k.close();
    }
  });
});
