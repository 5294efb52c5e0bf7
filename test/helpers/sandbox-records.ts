import type pg from 'pg';

/** The n a `select count(*)::int n …` answers. */
export async function countOf(client: pg.Client, sql: string, params: unknown[] = []): Promise<number> {
  return Number((await client.query<{ n: number }>(sql, params)).rows[0]!.n);
}

/** Messages the sandbox network took from the engine's lines: the ground truth of crash tests. */
export const sandboxSent = (client: pg.Client, engine: string) =>
  countOf(client, `select count(*)::int n from sandbox_messages where engine = $1 and direction = 'outbound'`, [
    engine,
  ]);

/** The network's outbound messages per idempotency key (one each when nothing was sent twice). */
export async function sandboxSentPerKey(client: pg.Client, engine: string) {
  return (
    await client.query<{ key: string; n: number }>(
      `select idempotency_key key, count(*)::int n from sandbox_messages where engine = $1 and direction = 'outbound' group by idempotency_key`,
      [engine],
    )
  ).rows;
}
