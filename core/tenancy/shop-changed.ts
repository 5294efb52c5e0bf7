import type { EntityManager } from '@mikro-orm/postgresql';

/** PostgreSQL channel on which every server process hears that a shop's token or profile changed. */
export const SHOP_CHANGED_CHANNEL = 'switchboard_shop_changed';

/**
 * Call in the transaction that changes a shop's token, name, timezone, locale or currency:
 * PostgreSQL delivers the notification on commit, and every process evicts the shop from its
 * authentication cache, so a rotated token stops working everywhere at once.
 */
export async function notifyShopChanged(em: EntityManager, shopId: number): Promise<void> {
  await em.execute('select pg_notify(?, ?)', [SHOP_CHANGED_CHANNEL, String(shopId)]);
}
