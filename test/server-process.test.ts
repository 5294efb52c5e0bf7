import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { freePort, postRpc, spawnServer, waitForReady, type ServerProcess } from './helpers/server-process.js';

const DEMO_TOKEN = /^\s+(sbt_[A-Za-z0-9_-]{43})\s*$/m;

describe('the real server process on an empty embedded database', function () {
  this.timeout(120_000);

  let dataDir: string;
  let first: ServerProcess;
  let token: string;
  const started: ServerProcess[] = [];

  const start = async (options: { healthy: boolean }) => {
    // The TypeScript entry (core/main.ts under tsx); every other server test runs the compiled one.
    const server = await spawnServer(await freePort(), { DATA_DIR: dataDir }, { entry: 'typescript' });
    started.push(server);
    if (options.healthy) await waitForReady(server);
    return server;
  };

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sb-server-'));
    first = await start({ healthy: true });
  });

  after(async () => {
    for (const server of started) await server.stop('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('creates a demo shop on first start and prints its token once on stdout', () => {
    const match = DEMO_TOKEN.exec(first.stdout());
    expect(match, first.stdout()).to.not.equal(null);
    token = match![1]!;
    expect(new Set(first.stdout().match(/sbt_[A-Za-z0-9_-]+/g))).to.deep.equal(new Set([token]));
    expect(first.stdout()).to.contain('Created demo shop');
    // The address clients are told to use is the one the server listens on, known once it listens.
    expect(first.stdout()).to.contain(
      `MCP clients: server URL ${first.url}/ with header "Authorization: Bearer ${token}"`,
    );
  });

  it('answers /health, initialize, tools/list and tools/call over HTTP', async () => {
    const health = await fetch(`${first.url}/health`);
    expect(await health.json()).to.include({ status: 'ok' });
    const ready = await fetch(`${first.url}/ready`);
    expect(await ready.json()).to.include({ status: 'ready', database: 'up' });

    const init = await postRpc(first.url, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'server-process-test', version: '1' },
      },
    });
    expect(init.status).to.equal(200);
    expect(init.body.result.protocolVersion).to.equal('2025-03-26');

    const list = await postRpc(first.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, token);
    expect(list.status).to.equal(200);
    expect(list.body.result.tools.map((t: any) => t.name)).to.include('ping');

    const call = await postRpc(
      first.url,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'ping', arguments: { message: 'hello' } } },
      token,
    );
    expect(call.status).to.equal(200);
    expect(call.body.result.isError).to.equal(false);
    expect(call.body.result.structuredContent).to.deep.equal({
      success: true,
      pong: true,
      shop: 'Demo shop',
      echo: 'hello',
    });

    const anonymous = await postRpc(first.url, {
      jsonrpc: '2.0',
      id: 4,
      method: 'tools/call',
      params: { name: 'ping' },
    });
    expect(anonymous.status).to.equal(401);
  });

  it('refuses a second server on the same folder with KRN_ERR_DATA_DIR_LOCKED', async () => {
    const second = await start({ healthy: false });
    const exit = await second.exited;
    expect(exit.code).to.equal(1);
    expect(second.stderr()).to.contain('KRN_ERR_DATA_DIR_LOCKED').and.contain(String(first.child.pid));
    // The refused process must not have disturbed the running one.
    const ping = await postRpc(first.url, { jsonrpc: '2.0', id: 5, method: 'ping' }, token);
    expect(ping.status).to.equal(200);
  });

  it('exits 0 promptly on SIGTERM and releases the folder', async () => {
    const began = Date.now();
    const exit = await first.stop('SIGTERM');
    expect(exit).to.deep.equal({ code: 0, signal: null });
    expect(Date.now() - began).to.be.below(8_000);
    expect(existsSync(join(dataDir, 'switchboard.lock'))).to.equal(false);
    expect(existsSync(join(dataDir, 'server.json'))).to.equal(false);
  });

  it('restarts on the same folder without a new demo shop; the old token still works', async () => {
    const again = await start({ healthy: true });
    expect(again.stdout()).to.not.contain('Created demo shop');
    expect(again.stdout()).to.not.match(/sbt_/);
    const call = await postRpc(
      again.url,
      { jsonrpc: '2.0', id: 6, method: 'tools/call', params: { name: 'ping' } },
      token,
    );
    expect(call.body.result.structuredContent).to.include({ success: true, shop: 'Demo shop' });
    expect(await again.stop('SIGTERM')).to.deep.equal({ code: 0, signal: null });
  });
});
