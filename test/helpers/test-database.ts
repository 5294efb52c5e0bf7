import { cp, mkdtemp, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../core/db/embedded-postgres.js';
import { pgliteTemplates, pgTemplate } from './database-templates.js';
import { adminQuery, databaseUrl, dropIfInterrupted, removeAtExit, SERVER_URL } from './postgres-admin.js';

/**
 * A database of its own for a test run or a test file: on the local PostgreSQL by default, or on
 * the embedded engine with TEST_DATABASE=pglite, made from the run's templates
 * (database-templates.ts). Test files share the run's one (global-database.ts) and keep apart by
 * creating their own shops.
 */
export class TestDatabase {
  private constructor(
    readonly url: string,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** A database with the kernel's and every default group's migrations applied. */
  static create(): Promise<TestDatabase> {
    return TestDatabase.open('migrated');
  }

  /** An empty database, for tests whose subject is the migrations (or the first start) themselves. */
  static createEmpty(): Promise<TestDatabase> {
    return TestDatabase.open('empty');
  }

  private static async open(kind: 'migrated' | 'empty'): Promise<TestDatabase> {
    if (await useEmbedded()) {
      const source = join(await pgliteTemplates(), kind, 'pgdata');
      const dir = await mkdtemp(join(tmpdir(), 'sb-test-pglite-'));
      const forget = removeAtExit(() => rmSync(dir, { recursive: true, force: true }));
      await cp(source, join(dir, 'pgdata'), { recursive: true });
      // A test may run several kernels (and servers) on one database, each with its own pool: more
      // clients than one deployment's process makes.
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres(dir, {
        maxConnections: TEST_EMBEDDED_CONNECTIONS,
      });
      return new TestDatabase(embedded.url, async () => {
        await embedded.close();
        await rm(dir, { recursive: true, force: true });
        forget();
      });
    }
    const name = `sb_test_${process.pid}_${++created}`;
    const template = kind === 'migrated' ? await pgTemplate() : undefined;
    await adminQuery(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    const forget = dropIfInterrupted(name);
    return new TestDatabase(databaseUrl(name), async () => {
      await adminQuery(`drop database if exists "${name}" with (force)`);
      forget();
    });
  }

  async drop(): Promise<void> {
    await this.cleanup();
  }
}

let created = 0;

/** Clients one embedded test database takes: four kernels' pools and their listeners, and room to spare. */
const TEST_EMBEDDED_CONNECTIONS = 64;

/**
 * Databases of runs whose process is gone (a run killed before its cleanup): dropped at the next
 * start. Only on a PostgreSQL on this machine, where a pid says whether the run still lives.
 */
export async function dropLeftoverDatabases(): Promise<string[]> {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(SERVER_URL).hostname)) return [];
  const { rows } = await adminQuery(
    `select datname from pg_database where datname like 'sb\\_test\\_%' or datname like 'sb\\_tpl\\_%'`,
  );
  const dropped: string[] = [];
  for (const { datname } of rows as { datname: string }[]) {
    const pid = Number(/^sb_(?:test|tpl)_(\d+)/.exec(datname)?.[1]);
    if (!Number.isInteger(pid) || isAlive(pid)) continue;
    await adminQuery(`drop database if exists "${datname}" with (force)`).catch(() => undefined);
    dropped.push(datname);
  }
  return dropped;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

let embeddedChoice: Promise<boolean> | undefined;

/**
 * TEST_DATABASE=pglite asks for the embedded engine; without it, the PostgreSQL at
 * TEST_POSTGRES_URL is used when it answers, and otherwise the run says so once and goes on
 * embedded, so that the suite passes on a machine without PostgreSQL.
 */
export function useEmbedded(): Promise<boolean> {
  return (embeddedChoice ??= (async () => {
    if (process.env.TEST_DATABASE === 'pglite') return true;
    try {
      await adminQuery('select 1');
      return false;
    } catch (err) {
      const where = new URL(SERVER_URL).host;
      console.log(
        `PostgreSQL is not reachable at ${where} (${(err as Error).message}); the suite runs on the embedded engine.`,
      );
      process.env.TEST_DATABASE = 'pglite';
      return true;
    }
  })());
}
