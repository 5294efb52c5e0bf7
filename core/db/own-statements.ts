import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from './sql.js';

/**
 * Statements that commit at once, on their own, while their caller may hold a transaction and
 * wait for them: what must be on record before a network call (a send's idempotency key, a
 * number's pace). On PostgreSQL they run on a small pool that no transaction ever holds. Taken
 * from the main pool instead, a burst of transactions each waiting for one such statement could
 * hold every connection and wait on each other until the pool's acquire timeout; that is what a
 * campaign's first wave did when its send batches outnumbered the pool. On the embedded engine,
 * which serves one transaction at a time, they join the caller's transaction instead.
 */
export class OwnStatements {
  private constructor(
    private readonly rootEm: EntityManager,
    private readonly pool: pg.Pool | undefined,
  ) {}

  /**
   * A pool of `max` connections on PostgreSQL; none on the embedded engine, whichever way it is
   * reached (in the process, or over its wire server): it is one session.
   */
  static async open(rootEm: EntityManager, max: number, onIdleError: (err: Error) => void): Promise<OwnStatements> {
    const [server] = await sql<{ version: string }>(rootEm.fork(), 'select version() as version');
    if (server!.version.includes('PGlite')) return new OwnStatements(rootEm, undefined);
    // The ORM's own connection settings, its type parsers among them: rows come back as from sql().
    const connection = rootEm.getConnection().getConnectionOptions() as pg.PoolConfig;
    const pool = new pg.Pool({ ...connection, max, idleTimeoutMillis: 30_000 });
    // A connection that breaks while idle is dropped by the pool; without a listener it would end the process.
    pool.on('error', onIdleError);
    return new OwnStatements(rootEm, pool);
  }

  /** One statement with `$1, $2 …` parameters; rows and errors as sql() gives them. */
  async query<Row = Record<string, unknown>>(text: string, values: readonly unknown[] = []): Promise<Row[]> {
    if (!this.pool) return sql<Row>(this.rootEm.fork({ keepTransactionContext: true }), text, values);
    try {
      return (await this.pool.query(text, values as unknown[])).rows as Row[];
    } catch (err) {
      throw this.rootEm.getDriver().convertException(err as Error);
    }
  }

  /**
   * One statement committed together with what `then` starts: on PostgreSQL `then` runs right
   * after the COMMIT is written to the connection, before its answer is awaited, so that a process
   * killed once both are written has sent both (the kernel flushes a dead process's sockets). On the
   * embedded engine the statement joins the caller's transaction and `then` runs after it.
   * `committed` settles with the commit; when it fails, what `then` started has started anyway.
   */
  async commitThen<Row, T>(
    text: string,
    values: readonly unknown[],
    then: (rows: Row[]) => T,
  ): Promise<{ value: T; committed: Promise<void> }> {
    if (!this.pool) return { value: then(await this.query<Row>(text, values)), committed: Promise.resolve() };
    const client = await this.pool.connect();
    let rows: Row[];
    try {
      // Queued together: the statement follows the BEGIN without waiting for its answer here. Both
      // settle before the connection is rolled back or released.
      const [begun, result] = await Promise.allSettled([
        client.query('begin'),
        client.query(text, values as unknown[]),
      ]);
      if (begun.status === 'rejected') throw begun.reason;
      if (result.status === 'rejected') throw result.reason;
      rows = result.value.rows as Row[];
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      client.release();
      throw this.rootEm.getDriver().convertException(err as Error);
    }
    const commit = client.query('commit');
    // Run before anything else, the commit's handlers included: the time between the COMMIT's write
    // and `then`'s is a window in which a killed process leaves one without the other.
    let value: { ok: T } | { err: unknown };
    try {
      value = { ok: then(rows) };
    } catch (err) {
      value = { err };
    }
    const committed = commit.then(
      () => client.release(),
      (err: Error) => {
        client.release(err);
        throw this.rootEm.getDriver().convertException(err);
      },
    );
    if ('err' in value) {
      await committed.catch(() => undefined);
      throw value.err;
    }
    return { value: value.ok, committed };
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }
}
