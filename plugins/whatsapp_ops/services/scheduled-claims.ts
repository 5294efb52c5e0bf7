import type { EntityManager } from '../../../core/index.js';

/** A claim older than this belongs to a process that stopped mid-send: the row is claimed again. */
export const CLAIM_TIMEOUT_MS = 120_000;

export interface ClaimedRow {
  id: number;
  shopId: number;
  attempts: number;
}

/**
 * Marks due scheduled messages of every shop as `sending` in one committed statement, before any
 * of them is sent (mark before send). FOR UPDATE SKIP LOCKED gives concurrent processes disjoint
 * rows. Rows left `sending` by a process that died are taken again after CLAIM_TIMEOUT_MS; the
 * send path's idempotency key makes that second attempt harmless. Times are the database's clock,
 * the one clock every process shares.
 */
export async function claimDueScheduled(em: EntityManager, batchSize: number): Promise<ClaimedRow[]> {
  const rows = await em.execute<{ id: number; shop_id: number; attempts: number }[]>(
    `update chatapp_scheduled_messages set status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
     where id in (select id from chatapp_scheduled_messages
                  where (status = 'scheduled' and send_at <= now()) or (status = 'sending' and claimed_at < now() - make_interval(secs => ?))
                  order by send_at, id limit ? for update skip locked)
     returning id, shop_id, attempts`,
    [CLAIM_TIMEOUT_MS / 1000, batchSize],
  );
  return rows
    .map((r) => ({ id: Number(r.id), shopId: Number(r.shop_id), attempts: Number(r.attempts) }))
    .sort((a, b) => a.id - b.id);
}
