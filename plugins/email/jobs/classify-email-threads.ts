import { defineJob } from '../define.js';

/** Threads classified per shop per tick (each may be a model call). */
const PER_SHOP = 20;

/**
 * Classifies new threads (category, intent, priority) in the background, so a sync never waits on
 * a model: with the shop's AI provider where the account allows it, with the built-in rules
 * otherwise. No transaction is held while a model answers.
 */
export const classifyEmailThreads = defineJob({
  name: 'classify-email-threads',
  schedule: '*/30 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Gives new mail threads a category, intent and priority.',
  run: async ({ em, forShop, log }) => {
    const shops = await em.execute<{ shop_id: number }[]>(
      `select distinct shop_id from email_threads where classified_by is null and last_inbound_at is not null limit 100`,
    );
    for (const { shop_id } of shops)
      await forShop(shop_id, (ctx) =>
        ctx.services.emailClassifyService.classifyNew(PER_SHOP, (work) => ctx.transaction(work)),
      ).catch((err) => log.warn({ err, shopId: shop_id }, 'email classification failed'));
  },
});
