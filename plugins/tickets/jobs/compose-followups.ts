import { defineJob } from '../define.js';

const SHOPS_PER_RUN = 50;
const PER_SHOP = 10;

/**
 * Follow-ups waiting for the composer port: each is composed outside any transaction (a model
 * call), then written in a short one. A composer that fails leaves the template.
 */
export const composeFollowups = defineJob({
  name: 'compose-followups',
  schedule: '*/5 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Composes queued ticket follow-ups with the AI composer (the template stays when it cannot).',
  run: async ({ em, forShop, log }) => {
    const shops = await em.execute<{ shop_id: number }[]>(
      `select distinct shop_id from ticket_followups where composed_by = 'pending' and status = 'queued' limit ?`,
      [SHOPS_PER_RUN],
    );
    for (const { shop_id } of shops) {
      await forShop(shop_id, async (ctx) => {
        for (const { id, request } of await ctx.services.ticketResolutionsService.pendingCompositions(PER_SHOP)) {
          let text: string | null = null;
          try {
            text = (await ctx.services.followupComposerPort!.compose(request)).text;
          } catch (err) {
            log.warn(
              { err, shopId: shop_id, followupId: id },
              'tickets: the follow-up composer failed; the template stays',
            );
          }
          await ctx.transaction(({ services }) => services.ticketResolutionsService.composed(id, text));
        }
      }).catch((err) => log.error({ err, shopId: shop_id }, 'tickets: composing follow-ups failed for a shop'));
    }
  },
});
