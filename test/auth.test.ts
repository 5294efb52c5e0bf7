import { expect } from 'chai';
import { createRequire } from 'node:module';
import type * as Pg from 'pg';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { hashApiToken } from '../core/auth/api-token.js';
import { ShopService } from '../core/tenancy/shop-service.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../core/config/load-config.js';
import { buildKernel, type Kernel } from '../core/kernel.js';
import { TEST_KERNEL_SECRET } from './helpers/boot.js';

const require = createRequire(import.meta.url);
const { Client } = require('pg') as typeof Pg;

describe('auth: shop API tokens', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootKernel({ groups: ['general'] });
  });
  after(() => k.close());

  const ping = (token: string) => k.rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, token);

  it('tokens are random, at least 32 bytes, and stored only as a hash', async () => {
    const a = await k.newShop('Token A');
    const b = await k.newShop('Token B');
    expect(a.token).to.not.equal(b.token);
    expect(Buffer.from(a.token.replace(/^sbt_/, ''), 'base64url').length).to.be.at.least(32);
    const rows = await k.orm.em.getConnection().execute('select token_hash from shops where id = ?', [a.shopId]);
    expect(rows[0].token_hash).to.equal(hashApiToken(a.token));
    const dump = JSON.stringify(await k.orm.em.getConnection().execute('select * from shops'));
    expect(dump).to.not.include(a.token);
  });

  it('accepts the Bearer scheme case-insensitively and rejects other schemes', async () => {
    const { token } = await k.newShop();
    expect(
      (await k.rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, null, { authorization: `bearer ${token}` })).status,
    ).to.equal(200);
    expect(
      (await k.rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, null, { authorization: `Basic ${token}` })).status,
    ).to.equal(401);
  });

  it('a rotated token stops working at once in this process; the new one works', async () => {
    const { shopId, token } = await k.newShop();
    expect((await ping(token)).status).to.equal(200); // now cached
    const fresh = await k.shops.rotateToken(shopId);
    expect((await ping(token)).status).to.equal(401);
    expect((await ping(fresh!)).status).to.equal(200);
  });

  it('a rotation committed by another process (the CLI) evicts the cached token too', async () => {
    const { shopId, token } = await k.newShop();
    expect((await ping(token)).status).to.equal(200);
    // Another process: its own connection, its own ShopService-equivalent statement and NOTIFY.
    const other = new Client({ connectionString: k.config.database.url });
    await other.connect();
    await other.query('begin');
    await other.query('update shops set token_hash = $1 where id = $2', [hashApiToken('sbt_elsewhere'), shopId]);
    await other.query(`select pg_notify('switchboard_shop_changed', $1)`, [String(shopId)]);
    await other.query('commit');
    await other.end();
    // Delivery is asynchronous but immediate on a live connection; allow the event loop one beat.
    await new Promise((r) => setTimeout(r, 50));
    expect((await ping(token)).status).to.equal(401);
  });

  it('rotating an unknown shop changes nothing', async () => {
    expect(await new ShopService(k.orm.em).rotateToken(999_999)).to.equal(null);
  });
});

describe('auth: the embedded engine caches tokens too, and forgets them at once', function () {
  this.timeout(120_000);
  let dataDir: string;
  let kernel: Kernel;
  let base: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'sb-auth-embedded-'));
    const config = await loadConfig({
      overrides: {
        server: { port: 0 },
        database: { dataDir, createDemoShop: false },
        groups: { general: { enabled: true } },
        jobs: { enabled: false },
        secret: TEST_KERNEL_SECRET,
      },
    });
    kernel = await buildKernel(config, { logger: false });
    base = await kernel.listen();
  });
  after(async () => {
    await kernel?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const ping = async (token: string) =>
    (
      await fetch(base, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      })
    ).status;
  /** A client of the engine's socket, as the CLI is while the server runs. */
  const other = async (work: (c: InstanceType<typeof Client>) => Promise<unknown>) => {
    const { url } = JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8'));
    const c = new Client({ connectionString: url });
    await c.connect();
    try {
      await work(c);
    } finally {
      await c.end();
    }
  };

  it('a known token is answered from the cache: a change nobody announced is not seen', async () => {
    const { shopId, token } = await kernel.shops.create({ name: 'Cached' });
    expect(await ping(token)).to.equal(200);
    // Behind the kernel's back, without the NOTIFY every real change sends: only a cache keeps it valid.
    await other((c) => c.query('update shops set token_hash = $1 where id = $2', [hashApiToken('sbt_x'), shopId]));
    expect(await ping(token)).to.equal(200);
  });

  it('a rotation by another client of the engine (the CLI) evicts the token at once', async () => {
    const { shopId, token } = await kernel.shops.create({ name: 'Rotated elsewhere' });
    expect(await ping(token)).to.equal(200);
    await other(async (c) => {
      await c.query('begin');
      await c.query('update shops set token_hash = $1 where id = $2', [hashApiToken('sbt_elsewhere'), shopId]);
      await c.query(`select pg_notify('switchboard_shop_changed', $1)`, [String(shopId)]);
      await c.query('commit');
    });
    expect(await ping(token)).to.equal(401);
  });
});
