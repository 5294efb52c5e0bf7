import type { EntityManager } from '../../../../core/index.js';

export interface ClaimedDelivery {
  id: number;
  shopId: number;
  attempts: number;
}

/**
 * Marks due deliveries of every shop `sending` in one committed statement before any is sent
 * (mark before send); SKIP LOCKED gives concurrent processes disjoint rows. A row left `sending`
 * by a process that died is claimed again after `claimTimeoutSeconds`; the send path's
 * idempotency key (`calendar-delivery-<id>`) makes that second attempt send nothing new.
 */
export async function claimDueDeliveries(
  em: EntityManager,
  batchSize: number,
  claimTimeoutSeconds: number,
): Promise<ClaimedDelivery[]> {
  const rows = await em.execute<{ id: number; shop_id: number; attempts: number }[]>(
    `update calendar_deliveries set status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
     where id in (select id from calendar_deliveries
                  where (status = 'scheduled' and due_at <= now()) or (status = 'sending' and claimed_at < now() - make_interval(secs => ?))
                  order by due_at, id limit ? for update skip locked)
     returning id, shop_id, attempts`,
    [claimTimeoutSeconds, batchSize],
  );
  return rows.map((r) => ({ id: Number(r.id), shopId: Number(r.shop_id), attempts: Number(r.attempts) }));
}
