import type { EntityManager } from '@mikro-orm/postgresql';

export type Counted = { ok: true; count: number } | { ok: false; retryAfterSeconds: number | null };

const TABLE = /^[a-z][a-z0-9_]{0,62}$/;
const EXPIRED = `(?::int is not null and c.window_start <= now() - make_interval(secs => ?::int))`;

/**
 * Counts one more for `scope` in a group's counter table — columns (scope primary key, shop_id,
 * window_start, count) — unless its window already holds `limit`. One upsert, so processes sharing
 * the database are serialised by the row and never both take the last place. A window starts at
 * its first count and lasts `windowSeconds` (null: for ever). A refusal says when the window ends.
 */
export async function takeOne(
  em: EntityManager,
  table: string,
  shopId: number,
  scope: string,
  limit: number,
  windowSeconds: number | null,
): Promise<Counted> {
  if (!TABLE.test(table)) throw new Error(`not a counter table name: ${table}`);
  if (limit <= 0) return { ok: false, retryAfterSeconds: windowSeconds };
  const taken = await em.execute<{ count: number }[]>(
    `insert into ${table} as c (scope, shop_id, window_start, count) values (?, ?, now(), 1)
     on conflict (scope) do update set
       window_start = case when ${EXPIRED} then now() else c.window_start end,
       count = case when ${EXPIRED} then 1 else c.count + 1 end
     where ${EXPIRED} or c.count < ?
     returning count`,
    [scope, shopId, ...Array(6).fill(windowSeconds), limit],
  );
  if (taken.length > 0) return { ok: true, count: taken[0]!.count };
  if (windowSeconds === null) return { ok: false, retryAfterSeconds: null };
  const [row] = await em.execute<{ left: number }[]>(
    `select ceil(extract(epoch from (window_start + make_interval(secs => ?::int) - now())))::int as left
     from ${table} where scope = ?`,
    [windowSeconds, scope],
  );
  return { ok: false, retryAfterSeconds: Math.max(1, row?.left ?? 1) };
}
