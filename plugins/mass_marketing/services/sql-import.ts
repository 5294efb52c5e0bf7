import type { ClientBase } from 'pg';
import type { PipelineCounts } from './import-pipeline.js';
import type { SqlSource } from './import-sources.js';

/** How many rows a database source yields, to choose between a call and a job. */
export async function countSqlSource(client: ClientBase, shopId: number, source: SqlSource): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from (${source.sql}) s`, [shopId, ...source.params]);
  return rows[0]!.n;
}

/**
 * A database source merged into a list in one statement, with the same rules as the row
 * pipeline: one member per phone, the first name given wins, existing members only gain a missing
 * name. The phones come from records that other groups keep in E.164.
 */
export async function mergeSqlSource(client: ClientBase, shopId: number, listId: number, source: SqlSource): Promise<PipelineCounts> {
  const listParam = `$${source.params.length + 2}`;
  const { rows } = await client.query<{ received: number; added: number }>(
    `with src as materialized (${source.sql}),
     merged as (
       insert into marketing_list_members (shop_id, list_id, phone, name, created_at)
       select distinct on (phone) $1::int, ${listParam}::int, phone, left(nullif(trim(name), ''), 200), now() from src order by phone, (nullif(trim(name), '') is null)
       on conflict (list_id, phone) do update set name = excluded.name
         where marketing_list_members.name is null and excluded.name is not null
       returning (xmax = 0) as inserted)
     select (select count(*) from src)::int as received, (select count(*) from merged where inserted)::int as added`,
    [shopId, ...source.params, listId],
  );
  const { received, added } = rows[0]!;
  return { received, added, duplicates: received - added, invalid: 0 };
}
