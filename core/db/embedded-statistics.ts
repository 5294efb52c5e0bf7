/** Runs one statement outside any transaction (VACUUM refuses to run in one). */
export type Execute = <T = Record<string, unknown>>(sql: string) => Promise<T[]>;

/**
 * The tables whose planner statistics are stale: grown by a fifth (and eight pages) since the last
 * VACUUM or ANALYZE set their page count, or never analysed and not empty. The sizes come from the files,
 * because the embedded engine's activity counters (n_mod_since_analyze…) stay at zero.
 */
const STALE = `select c.oid::regclass::text as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and c.relkind = 'r'
    and (pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8
      or (c.reltuples < 0 and pg_relation_size(c.oid) > 0))
  order by pg_relation_size(c.oid)`;

/**
 * What autovacuum does on PostgreSQL, for the embedded engine, which runs PostgreSQL in
 * single-user mode where no autovacuum runs: without it the planner keeps the estimates of empty
 * tables for good (a search over 20,000 rows walked them by shop instead of through its full-text
 * index) and dead rows are never reclaimed. Each stale table is vacuumed and analysed; the
 * tables come smallest first, so one large table does not hold up the rest. Returns their names.
 */
export async function refreshStatistics(execute: Execute): Promise<string[]> {
  const stale = await execute<{ name: string }>(STALE);
  for (const { name } of stale) await execute(`vacuum (analyze) ${name}`);
  return stale.map((t) => t.name);
}
