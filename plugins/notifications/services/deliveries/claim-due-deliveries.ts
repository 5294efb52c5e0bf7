import type { EntityManager } from '../../../../core/index.js';

/**
 * Marks due phone deliveries of every shop `sending` in one committed statement before any is
 * sent; SKIP LOCKED gives concurrent processes disjoint rows, and a row left `sending` by a process
 * that died is claimed again after `claimTimeoutSeconds` (the send path's idempotency key makes
 * that attempt send nothing new). Returns the claimed ids by shop.
 */
export async function claimDueDeliveries(
  em: EntityManager,
  batchSize: number,
  claimTimeoutSeconds: number,
): Promise<Map<number, number[]>> {
  const rows = await em.execute<{ id: number; shop_id: number }[]>(
    `update notification_deliveries set status = 'sending', claimed_at = now(), attempts = attempts + 1, updated_at = now()
     where id in (select id from notification_deliveries
                  where (status = 'scheduled' and due_at <= now())
                     or (status = 'sending' and claimed_at < now() - make_interval(secs => ?))
                  order by due_at, id limit ? for update skip locked)
     returning id, shop_id`,
    [claimTimeoutSeconds, batchSize],
  );
  const byShop = new Map<number, number[]>();
  for (const r of rows) byShop.set(Number(r.shop_id), [...(byShop.get(Number(r.shop_id)) ?? []), Number(r.id)]);
  return byShop;
}
