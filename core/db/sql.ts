import { Utils, type EntityDictionary, type EntityManager, type EntityName, type Knex } from '@mikro-orm/postgresql';

/** What the pg driver's connection offers here; knex's pool hands out pg clients. */
interface PgConnection {
  query(text: string, values: readonly unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A statement with `$1, $2 …` parameters, sent straight to the driver on the em's connection: the
 * transaction's when the em is in one (it commits or rolls back with the unit of work), a pooled
 * one otherwise. Errors are MikroORM's, as em.execute throws them, so a unique violation is still a
 * conflict. For the statements on the hot path: em.execute builds each one through knex and
 * MikroORM's logging, several times the CPU of the statement itself (measured: docs/performance.md), and
 * escapes its values into the SQL text, which for a large value (a sync batch's mail as one JSON
 * value of megabytes) costs more than storing it; here values travel as bound parameters.
 * Like em.execute it bypasses the tenant filter, so the statement names its shop. Values come back
 * as em.execute gives them, on both engines (the embedded one is reached through pg too): bigint,
 * numeric, date, timestamp and interval columns as text — MikroORM sets pg's parsers so — never Date.
 */
export async function sql<Row = Record<string, unknown>>(
  em: EntityManager,
  text: string,
  values: readonly unknown[] = [],
): Promise<Row[]> {
  const trx = em.getTransactionContext<Knex.Transaction>();
  const client = (trx ?? em.getConnection().getKnex()).client;
  const connection = (await client.acquireConnection()) as PgConnection;
  try {
    return (await connection.query(text, values)).rows as Row[];
  } catch (err) {
    throw em.getDriver().convertException(err as Error);
  } finally {
    // A transaction's connection is released by the transaction; a pooled one goes back here.
    if (!trx) client.releaseConnection(connection);
  }
}

/**
 * Rows read with sql() as managed entities, as em.find gives them: an entity the unit of work
 * already holds is returned as it is, with any change not flushed yet (em.map would overwrite it
 * with the row). For reads on the hot path that hand out entities.
 */
export function asEntities<T extends object>(em: EntityManager, entity: EntityName<T>, rows: readonly object[]): T[] {
  const meta = em.getMetadata().get<T>(Utils.className(entity));
  return rows.map((row) =>
    em.merge(entity, em.getDriver().mapResult(row as EntityDictionary<T>, meta)!, {
      refresh: false,
      convertCustomTypes: true,
    }),
  );
}
