import type { EntityManager, Services } from '../../../core/index.js';

/** The shops that have messages waiting in `sending` (every shop: for the retry job and the start-up pass). */
export async function shopsWithUnsentMessages(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<{ shop_id: number }[]>(
    `select distinct shop_id from chatapp_messages where status = 'sending' and direction = 'outbound' order by shop_id`,
  );
  return rows.map((r) => Number(r.shop_id));
}

/** Sends again every shop's waiting messages, each shop in its own transaction; one shop's failure does not stop the others. */
export async function retryUnsentMessages(
  em: EntityManager,
  forShop: <T>(shopId: number, work: (ctx: { services: Services }) => Promise<T>) => Promise<T>,
  onError: (shopId: number, err: unknown) => void,
): Promise<void> {
  for (const shopId of await shopsWithUnsentMessages(em)) {
    await forShop(shopId, (ctx) => ctx.services.chatappMessagingService.retrySending()).catch((err) =>
      onError(shopId, err),
    );
  }
}
