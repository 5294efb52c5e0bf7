import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Pg from 'pg';
import { withShop } from '../../test/fixtures/service-probe/index.js';
import { freePort, spawnServer, waitForReady } from '../../test/helpers/server-process.js';

/**
 * A server process as `npm start` runs it (compiled, jobs on) on the benchmark's database, with
 * `config` written to a config file, and a small pool for the benchmark's own statements.
 */
export async function benchServer(options: {
  databaseUrl: string;
  /** Names the temporary folders. */
  label: string;
  config: Record<string, unknown>;
  env?: Record<string, string>;
  nodeFlags: string;
  poolMax: number;
}) {
  const require = createRequire(import.meta.url);
  const { Pool } = require('pg') as typeof Pg;
  const pool = new Pool({ connectionString: options.databaseUrl, max: options.poolMax });
  /** One statement of the benchmark's own (progress, the autovacuum stand-in, the analysis). */
  const q = async <T>(text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as T[];
  const configFile = join(await mkdtemp(join(tmpdir(), `sb-${options.label}-`)), 'config.json');
  await writeFile(configFile, JSON.stringify(options.config));
  const server = await spawnServer(
    await freePort(),
    {
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: await mkdtemp(join(tmpdir(), `sb-${options.label}-data-`)),
      SWITCHBOARD_CONFIG: configFile,
      ...options.env,
    },
    { nodeFlags: options.nodeFlags.split(' ').filter(Boolean) },
  );
  await waitForReady(server);
  return { server, serverPid: server.child.pid!, pool, q };
}

/**
 * Where autovacuum is off (as on this machine's PostgreSQL), its work done in its place by its
 * rules with its default settings, every 5 s: a growing table is vacuumed past 50 + 20% dead rows
 * and analyzed past 50 + 10% changed. Without statistics the planner takes "shop_id = N" for a
 * handful of rows and scans the shop's rows instead of using the key indexes. Nothing runs where
 * autovacuum is on.
 */
export async function autovacuumStandIn(q: <T>(text: string, params?: unknown[]) => Promise<T[]>, growing: string[]) {
  const [{ autovacuum }] = await q<{ autovacuum: string }>("select current_setting('autovacuum') as autovacuum");
  const done = { vacuums: 0, analyzes: 0 };
  const pass = async () => {
    const due = await q<{ name: string; vacuum: boolean; analyze: boolean }>(
      `select t.relname as name, n_dead_tup > 50 + 0.2 * greatest(reltuples, 0) as vacuum,
         n_mod_since_analyze > 50 + 0.1 * greatest(reltuples, 0) as analyze
       from pg_stat_user_tables t join pg_class c on c.oid = t.relid where t.relname = any($1)`,
      [growing],
    );
    for (const t of due) {
      if (t.vacuum) done.vacuums++;
      else if (t.analyze) done.analyzes++;
      if (t.vacuum || t.analyze) await q(t.vacuum ? `vacuum (analyze) ${t.name}` : `analyze ${t.name}`);
    }
  };
  let running: Promise<unknown> = Promise.resolve();
  const timer =
    autovacuum === 'off'
      ? setInterval(() => {
          running = running.then(pass).catch((err: Error) => console.log(`autovacuum stand-in: ${err.message}`));
        }, 5000)
      : undefined;
  return {
    active: timer !== undefined,
    done,
    pass,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** A contact list of `recipients` made-up Spanish mobiles, imported as a shop's CSV would be. */
export async function benchContactList(shopId: number, name: string, recipients: number): Promise<number> {
  async function* csv(): AsyncGenerator<string> {
    yield 'phone,name\n';
    for (let i = 0; i < recipients; i += 10_000) {
      let chunk = '';
      for (let j = i; j < Math.min(recipients, i + 10_000); j++)
        chunk += `+3460${String(j).padStart(7, '0')},Contact ${j}\n`;
      yield chunk;
    }
  }
  return withShop(
    shopId,
    async (ctx) => {
      const list = await ctx.services.marketingContactListsService.createList(name, null);
      await ctx.services.marketingContactImportsService.fromCsvStream(list.id, csv(), undefined);
      return list.id as number;
    },
    { transactional: true },
  );
}
