import { defineJob } from '../define.js';

const SHOPS_PER_RUN = 200;

/** Every minute, for shops with conversation follow-ups on: one follow-up per unanswered shop message. */
export const planConversationFollowups = defineJob({
  name: 'plan-conversation-followups',
  schedule: '0 * * * * *',
  scope: 'system',
  description: 'Plans a follow-up for each conversation the customer left unanswered (when the shop turned it on).',
  run: async ({ em, forShop, log }) => {
    const shops = await em.execute<{ shop_id: number }[]>(
      `select shop_id from smart_followup_settings where type = 'conversation' and enabled order by shop_id limit ?`,
      [SHOPS_PER_RUN],
    );
    for (const { shop_id } of shops)
      await forShop(shop_id, (ctx) => ctx.services.followupPlannerService.plan(100)).catch((err) =>
        log.error({ err, shopId: shop_id }, 'smart_followup: planning failed for a shop'),
      );
  },
});
