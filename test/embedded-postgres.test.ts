import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { connectToDataDir, startEmbeddedPostgres, type EmbeddedPostgres } from '../core/db/embedded-postgres.js';
import { KernelError } from '../core/errors/kernel-error.js';
import { refreshStatistics } from '../core/db/embedded-statistics.js';
import { initialisedPgdata } from './helpers/database-templates.js';

// @types/pg is not installed; these are the few pg calls the tests make.
interface PgQueryable {
  query(sql: string, params?: unknown[]): Promise<{ rows: any[] }>;
}
interface PgClient extends PgQueryable {
  connect(): Promise<void>;
  end(): Promise<void>;
}
interface PgPool extends PgQueryable {
  connect(): Promise<PgQueryable & { release(): void }>;
  end(): Promise<void>;
}
const pg = createRequire(import.meta.url)('pg') as {
  Client: new (config: { connectionString: string }) => PgClient;
  Pool: new (config: { connectionString: string; max: number }) => PgPool;
};

const moduleUrl = new URL('../core/db/embedded-postgres.ts', import.meta.url).href;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

async function query<T = Record<string, unknown>>(url: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** This process's children, by pid. */
const childPids = () =>
  spawnSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean);

const globalIt = it;

/** CPU time used so far by this process and its children (initdb runs in one), in ms. */
function cpuOfProcessAndChildren(): number {
  const own = process.cpuUsage();
  const children = childPids().reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      // utime and stime, in clock ticks of 10 ms (fields 14 and 15 of the whole line).
      return sum + (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return sum; // gone since the listing
    }
  }, 0);
  return (own.user + own.system) / 1000 + children;
}

/**
 * Waits for `work` as long as it keeps working: fails only after `stallMs` in which neither this
 * process nor its children used any CPU. An initdb takes ~11 s of CPU; on a loaded machine that is
 * minutes of wall time, which a fixed mocha timeout cannot tell from a hang.
 */
async function whileWorking<T>(what: string, work: Promise<T>, stallMs = 60_000): Promise<T> {
  let settled = false;
  const watch = (async () => {
    let [used, movedAt] = [cpuOfProcessAndChildren(), Date.now()];
    while (!settled) {
      await new Promise((r) => setTimeout(r, 1_000));
      const now = cpuOfProcessAndChildren();
      if (now - used > 50) [used, movedAt] = [now, Date.now()];
      if (!settled && Date.now() - movedAt > stallMs)
        throw new Error(`${what}: no CPU used for ${stallMs / 1000} s by this process or its children`);
    }
  })();
  try {
    return await Promise.race([work, watch as Promise<never>]);
  } finally {
    settled = true;
  }
}

/** Runs a snippet in a separate Node process that imports the module under test as `m`. */
async function inChild(script: string, dataDir: string): Promise<string> {
  const code = `const m = await import(${JSON.stringify(moduleUrl)}); const dataDir = ${JSON.stringify(dataDir)};\n${script}`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx/esm', '--input-type=module', '-e', code],
    {
      cwd: repoRoot,
    },
  );
  return stdout.trim();
}

describe('embedded PostgreSQL (PGlite over its wire server)', function () {
  // Each test is bounded by whileWorking (it fails after a minute without CPU), not by the clock.
  this.timeout(0);
  const it = (title: string, test: () => Promise<void>) => globalIt(title, () => whileWorking(title, test()));

  let dataDir: string;
  const open: EmbeddedPostgres[] = [];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'switchboard-pg-'));
  });

  afterEach(async () => {
    for (const db of open.splice(0)) await db.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A data folder as a previous start left it, copied: the tests whose subject is not initdb start from it. */
  async function initialised(dir = dataDir): Promise<void> {
    await cp(await initialisedPgdata(), join(dir, 'pgdata'), { recursive: true });
  }

  async function start(dir = dataDir): Promise<EmbeddedPostgres> {
    const db = await startEmbeddedPostgres(dir);
    open.push(db);
    return db;
  }

  it('serves queries over the pg driver and keeps data across restarts', async () => {
    const nested = join(dataDir, 'not', 'yet', 'there');
    const first = await start(nested);
    expect(first.url).to.match(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres$/);
    expect(await query(first.url, 'select 1 as one')).to.deep.equal([{ one: 1 }]);
    await query(first.url, 'create table note (id serial primary key, body text not null)');
    await query(first.url, 'insert into note (body) values ($1)', ['kept']);
    await first.close();
    open.splice(open.indexOf(first), 1);
    expect(existsSync(join(nested, 'switchboard.lock'))).to.equal(false);
    expect(existsSync(join(nested, 'server.json'))).to.equal(false);

    const second = await start(nested);
    expect(await query(second.url, 'select body from note')).to.deep.equal([{ body: 'kept' }]);
  });

  it('creates a new folder in a process of its own, replacing what an initdb cut short left', async () => {
    // What an interrupted initdb leaves: a pgdata without PG_VERSION, and a staging folder.
    await mkdir(join(dataDir, 'pgdata', 'base'), { recursive: true });
    await writeFile(join(dataDir, 'pgdata', 'base', 'half'), 'x');
    await mkdir(join(dataDir, `pgdata.initdb-${process.pid}`));
    const before = childPids();
    const db = await start();
    expect(await query(db.url, 'select 1 as one')).to.deep.equal([{ one: 1 }]);
    expect(existsSync(join(dataDir, 'pgdata', 'PG_VERSION'))).to.equal(true);
    expect(existsSync(join(dataDir, 'pgdata', 'base', 'half'))).to.equal(false);
    expect(existsSync(join(dataDir, `pgdata.initdb-${process.pid}`))).to.equal(false);
    // The child that ran initdb is gone: its memory went with it.
    expect(childPids()).to.deep.equal(before);
  });

  it('refreshes the statistics of grown tables, which no autovacuum does in single-user mode', async () => {
    await initialised();
    const db = await start();
    const execute = <T>(sql: string) => query<T>(db.url, sql);
    await query(db.url, 'create table small (id int)');
    await query(db.url, 'create table grown (id serial primary key, body text not null)');
    await query(db.url, `insert into grown (body) select repeat('x', 100) || g from generate_series(1, 5000) g`);
    await query(db.url, `delete from grown where id <= 1000`);
    const [before] = await query<{ reltuples: number }>(
      db.url,
      `select reltuples from pg_class where relname = 'grown'`,
    );
    expect(before!.reltuples, 'never analysed').to.equal(-1);
    expect(await refreshStatistics(execute)).to.deep.equal(['grown']);
    const [after] = await query<{ reltuples: number }>(
      db.url,
      `select reltuples from pg_class where relname = 'grown'`,
    );
    expect(after!.reltuples).to.equal(4000);
    expect(await refreshStatistics(execute), 'nothing grew since').to.deep.equal([]);
    await query(db.url, `insert into grown (body) select repeat('y', 100) || g from generate_series(1, 3000) g`);
    expect(await refreshStatistics(execute)).to.deep.equal(['grown']);
  });

  it('runs with a small shared_buffers by default (taken from the engine’s memory at start), or the one asked', async () => {
    await initialised();
    const db = await start();
    expect(await query(db.url, 'show shared_buffers')).to.deep.equal([{ shared_buffers: '32MB' }]);
    await db.close();
    open.splice(open.indexOf(db), 1);
    const larger = await startEmbeddedPostgres(dataDir, { sharedBuffersMb: 64 });
    open.push(larger);
    expect(await query(larger.url, 'show shared_buffers')).to.deep.equal([{ shared_buffers: '64MB' }]);
  });

  it('publishes server.json and holds a lock with its pid while open', async () => {
    await initialised();
    const db = await start();
    expect(JSON.parse(await readFile(join(dataDir, 'server.json'), 'utf8'))).to.deep.equal({
      pid: process.pid,
      url: db.url,
    });
    expect(await readFile(join(dataDir, 'switchboard.lock'), 'utf8')).to.equal(String(process.pid));
  });

  it('refuses a second start on a folder that is open', async () => {
    await initialised();
    await start();
    const err = await startEmbeddedPostgres(dataDir).then(
      () => expect.fail('second start should have been refused'),
      (e: unknown) => e,
    );
    expect(err).to.be.instanceOf(KernelError);
    expect((err as KernelError).code).to.equal('KRN_ERR_DATA_DIR_LOCKED');
    expect((err as KernelError).message)
      .to.contain(dataDir)
      .and.contain(String(process.pid));
  });

  it('refuses another process too, and lets that process share the running server instead', async () => {
    await initialised();
    const db = await start();
    await query(db.url, 'create table ping (v int)');
    await query(db.url, 'insert into ping values (42)');

    const refused = await inChild(
      `try { await m.startEmbeddedPostgres(dataDir); console.log('opened'); } catch (e) { console.log(e.code); }`,
      dataDir,
    );
    expect(refused).to.equal('KRN_ERR_DATA_DIR_LOCKED');

    const shared = await inChild(
      `const pg = (await import('pg')).default;
       const db = await m.connectToDataDir(dataDir);
       const c = new pg.Client({ connectionString: db.url }); await c.connect();
       const { rows } = await c.query('select v from ping'); await c.end(); await db.close();
       console.log(JSON.stringify({ shared: db.shared, url: db.url, v: rows[0].v }));`,
      dataDir,
    );
    expect(JSON.parse(shared)).to.deep.equal({ shared: true, url: db.url, v: 42 });
  });

  it('takes over a stale lock left by a dead process', async () => {
    await initialised();
    const child = spawnSync(process.execPath, ['-e', '']);
    expect(child.pid).to.be.a('number');
    await writeFile(join(dataDir, 'switchboard.lock'), String(child.pid));
    await writeFile(
      join(dataDir, 'server.json'),
      JSON.stringify({ pid: child.pid, url: 'postgresql://postgres@127.0.0.1:1/postgres' }),
    );

    const db = await start();
    expect(await query(db.url, 'select 1 as one')).to.deep.equal([{ one: 1 }]);
    expect(await readFile(join(dataDir, 'switchboard.lock'), 'utf8')).to.equal(String(process.pid));
  });

  it('releases the lock and server.json when the process exits without close()', async () => {
    await initialised();
    const out = await inChild(
      `const db = await m.startEmbeddedPostgres(dataDir); console.log(db.url); process.exit(0);`,
      dataDir,
    );
    expect(out).to.match(/^postgresql:/);
    expect(existsSync(join(dataDir, 'switchboard.lock'))).to.equal(false);
    expect(existsSync(join(dataDir, 'server.json'))).to.equal(false);
  });

  it('connectToDataDir shares a running server, or starts its own when none runs', async () => {
    await initialised();
    const server = await start();
    const shared = await connectToDataDir(dataDir);
    expect(shared.shared).to.equal(true);
    expect(shared.url).to.equal(server.url);
    expect(await query(shared.url, 'select 2 as two')).to.deep.equal([{ two: 2 }]);
    await shared.close(); // no-op: the server keeps running
    expect(await query(server.url, 'select 3 as three')).to.deep.equal([{ three: 3 }]);
    await server.close();
    open.splice(open.indexOf(server), 1);

    const own = await connectToDataDir(dataDir);
    open.push(own);
    expect(own.shared).to.equal(false);
    expect(await query(own.url, 'select 4 as four')).to.deep.equal([{ four: 4 }]);
    expect(existsSync(join(dataDir, 'switchboard.lock'))).to.equal(true);
  });

  it('takes statements of megabytes, which arrive in many chunks, next to small ones in the same read', async () => {
    await initialised();
    const db = await start();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const big = 'ü'.repeat(3_000_000) + 'end';
      const [stored, small] = await Promise.all([
        client.query(`select md5($1) as sum, length($1) as chars`, [big]),
        client.query(`select $1::text as echo`, ['after']),
      ]);
      expect(stored.rows[0]).to.deep.equal({
        sum: createHash('md5').update(big).digest('hex'),
        chars: 3_000_003,
      });
      expect(small.rows[0].echo).to.equal('after');
    } finally {
      await client.end();
    }
  });

  it('serves several connections at once', async () => {
    await initialised();
    const db = await start();
    const pool = new pg.Pool({ connectionString: db.url, max: 4 });
    try {
      await pool.query('create table hit (n int)');
      const [a, b] = [await pool.connect(), await pool.connect()];
      try {
        await Promise.all([
          a.query('insert into hit select generate_series(1, 50)'),
          b.query('insert into hit select generate_series(51, 100)'),
        ]);
        const [ra, rb] = await Promise.all([
          a.query('select count(*)::int as n from hit'),
          b.query('select sum(n)::int as s from hit'),
        ]);
        expect(ra.rows[0].n).to.equal(100);
        expect(rb.rows[0].s).to.equal(5050);
      } finally {
        a.release();
        b.release();
      }
      const counts = await Promise.all(
        Array.from({ length: 8 }, () => pool.query('select count(*)::int as n from hit')),
      );
      expect(counts.map((r) => r.rows[0].n)).to.deep.equal(Array(8).fill(100));
    } finally {
      await pool.end();
    }
  });
});
