import type { MikroORM } from '@mikro-orm/postgresql';
import type { Metrics } from '../metrics/metrics.js';

const BATCH = 5_000;

/**
 * Marks confirmations that lapsed unused as expired, so the page, the audit and the metrics tell
 * "nobody answered" from "rejected". Validity never depends on this: every use checks expires_at.
 */
export async function expireConfirmations(orm: MikroORM, metrics: Metrics): Promise<number> {
  const connection = orm.em.getConnection();
  let total = 0;
  for (;;) {
    const rows = await connection.execute<{ policy: string }[]>(
      `update "pending_confirmations" set "status" = 'expired', "resolved_at" = "expires_at"
       where "id" in (select "id" from "pending_confirmations"
                      where "status" = 'pending' and "expires_at" <= now() order by "id" limit ?)
       returning "policy"`,
      [BATCH],
    );
    for (const policy of ['agent', 'user'])
      metrics.confirmation(policy, 'expired', rows.filter((row) => row.policy === policy).length);
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
