import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../core/db/embedded-postgres.js';

const require = createRequire(import.meta.url);
const { Client } = require('pg') as {
  Client: new (opts: { connectionString: string }) => {
    connect(): Promise<void>;
    query(sql: string): Promise<unknown>;
    end(): Promise<void>;
  };
};

const SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/**
 * One database per test run: on the local PostgreSQL by default, or on the embedded engine with
 * TEST_DATABASE=pglite. Test files share it and keep apart by creating their own shops.
 */
export class TestDatabase {
  private constructor(
    readonly url: string,
    private readonly cleanup: () => Promise<void>,
  ) {}

  static async create(): Promise<TestDatabase> {
    if (await useEmbedded()) {
      const dir = await mkdtemp(join(tmpdir(), 'sb-test-pglite-'));
      const embedded: EmbeddedPostgres = await startEmbeddedPostgres(dir);
      return new TestDatabase(embedded.url, async () => {
        await embedded.close();
        await rm(dir, { recursive: true, force: true });
      });
    }
    const name = `sb_test_${process.pid}_${Date.now()}`;
    await adminQuery(`create database "${name}"`);
    const url = SERVER_URL.replace(/\/[^/]*$/, `/${name}`);
    return new TestDatabase(url, () => adminQuery(`drop database if exists "${name}" with (force)`));
  }

  /** A further empty database, for tests that need a fresh schema (migrations on empty). */
  static async createEmpty(): Promise<TestDatabase> {
    return TestDatabase.create();
  }

  async drop(): Promise<void> {
    await this.cleanup();
  }
}

async function adminQuery(sql: string) {
  const client = new Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let embeddedChoice: Promise<boolean> | undefined;

/**
 * TEST_DATABASE=pglite asks for the embedded engine; without it, the PostgreSQL at
 * TEST_POSTGRES_URL is used when it answers, and otherwise the run says so once and goes on
 * embedded, so that `npm test` passes on a machine with nothing but Node.
 */
function useEmbedded(): Promise<boolean> {
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
