import type { EntityManager } from '../../../../core/index.js';

export type Counted = { ok: true; count: number } | { ok: false; retryAfterSeconds: number | null };

const EXPIRED = `(?::int is not null and c.window_start <= now() - make_interval(secs => ?::int))`;

/**
 * Counts one more for `scope` unless its window already holds `limit`: one upsert, so two processes
 * counting the same scope at once are serialised by the row and never both take the last place.
 * A window starts at its first count and lasts `windowSeconds` (null: for ever, a session's
 * lifetime). A refusal says when the window ends.
 */
export async function takeOne(
  em: EntityManager,
  shopId: number,
  scope: string,
  limit: number,
  windowSeconds: number | null,
): Promise<Counted> {
  if (limit <= 0) return { ok: false, retryAfterSeconds: windowSeconds };
  const taken = await em.execute<{ count: number }[]>(
    `insert into widget_rate_counters as c (scope, shop_id, window_start, count) values (?, ?, now(), 1)
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
     from widget_rate_counters where scope = ?`,
    [windowSeconds, scope],
  );
  return { ok: false, retryAfterSeconds: Math.max(1, row?.left ?? 1) };
}
