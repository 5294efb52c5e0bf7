import type { ClientBase } from 'pg';
import type { PipelineCounts } from './import-pipeline.js';
import type { SqlSource } from './import-sources.js';
import { ContactStage } from './contact-stage.js';

/** How many rows a database source yields, to choose between a call and a job. */
export async function countSqlSource(client: ClientBase, shopId: number, source: SqlSource): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from (${source.sql}) s`, [
    shopId,
    ...source.params,
  ]);
  return rows[0]!.n;
}

/**
 * A database source merged into a list with the same rules and the same statement as the row
 * pipeline (services/contact-stage.ts): one member per phone, the first name given wins, existing
 * members only gain a missing name, new members get their audience facts. The phones come from
 * records that other groups keep in E.164.
 */
export async function mergeSqlSource(
  client: ClientBase,
  shopId: number,
  listId: number,
  source: SqlSource,
): Promise<PipelineCounts> {
  const stage = await ContactStage.open(client, false);
  const received = await stage.loadSql(source.sql, [shopId, ...source.params]);
  const added = await stage.mergeInto(shopId, listId);
  return { received, added, duplicates: received - added, invalid: 0 };
}
