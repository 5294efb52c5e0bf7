import { defineJob } from '../define.js';

/** Finds the shops with support replies not yet announced and announces them, each shop in its own transaction. */
export const announceSupportReplies = defineJob({
  name: 'announce-support-replies',
  schedule: '*/15 * * * * *',
  scope: 'system',
  description: 'Fires support.replied for the operator’s replies (written by the support CLI), once each.',
  run: async ({ em, forShop, log }) => {
    const shops = await em.execute<{ shop_id: number }[]>(
      `select distinct shop_id from support_messages where announced_at is null and author = 'support' limit 1000`,
    );
    for (const { shop_id } of shops)
      await forShop(Number(shop_id), ({ services }) => services.supportRepliesService.announce()).catch((err) =>
        log.error({ err, shopId: shop_id }, 'announcing support replies failed; tried again at the next tick'),
      );
  },
});
