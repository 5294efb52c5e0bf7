import type { Knex } from '@mikro-orm/postgresql';
import type { ClientBase } from 'pg';
import type { EntityManager } from '../../../core/index.js';

/**
 * The `pg` client of the unit of work's transaction, for what the ORM cannot express: COPY and
 * multi-statement bulk work on a session temp table. Taken from the transaction (knex hands out
 * the transaction's own connection), so everything done with it commits or rolls back with the call.
 */
export async function transactionClient(em: EntityManager): Promise<ClientBase> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error('bulk contact work must run inside a transaction');
  return (await trx.client.acquireConnection()) as ClientBase;
}

const embedded = new WeakMap<ClientBase, boolean>();

/**
 * True on the embedded engine (PGlite behind its wire server), where COPY does not work through the
 * socket and the engine serialises connections: there, bulk rows go in as batched inserts and no
 * second connection may be used while an import's transaction is open.
 */
export async function isEmbeddedEngine(client: ClientBase): Promise<boolean> {
  let known = embedded.get(client);
  if (known === undefined) {
    const { rows } = await client.query<{ version: string }>('select version() as version');
    known = rows[0]!.version.includes('PGlite');
    embedded.set(client, known);
  }
  return known;
}

/**
 * Runs `work` on the pg client of a transaction: the unit of work's own when it has one (mutations),
 * else a short one of its own (queries). Audience queries switch JIT compilation off for their
 * transaction: on these counts PostgreSQL spends longer compiling than executing.
 */
export async function withClient<T>(em: EntityManager, work: (client: ClientBase) => Promise<T>): Promise<T> {
  const run = async (tem: EntityManager) => {
    const client = await transactionClient(tem);
    await client.query('set local jit = off');
    return work(client);
  };
  return em.isInTransaction() ? run(em) : em.transactional(run);
}
