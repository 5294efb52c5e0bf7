import type { Knex } from '@mikro-orm/postgresql';
import type { ClientBase } from 'pg';
import type { EntityManager } from '../../../../core/index.js';

/**
 * Runs a statement on the transaction's own connection with its values bound as parameters. The
 * ORM writes values into the SQL text on the client side: for a batch of mail (one JSON value of
 * several megabytes) escaping and copying that text cost more than storing it.
 */
export async function boundQuery<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (!trx) throw new Error('a bound query runs inside the store transaction');
  const client = (await trx.client.acquireConnection()) as ClientBase;
  let n = 0;
  const { rows } = await client.query(
    sql.replace(/\?/g, () => `$${++n}`),
    params,
  );
  return rows as T[];
}
