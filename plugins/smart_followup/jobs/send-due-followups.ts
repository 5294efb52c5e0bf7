import { defineJob } from '../define.js';

const SHOPS_PER_RUN = 100;
const BATCH = 200;
const LANES = 2;
/** A run stops taking new batches after this long; the next tick goes on. */
const RUN_BUDGET_MS = 50_000;

/**
 * Sends due follow-ups, shop by shop, a batch per short transaction until none is due (or the run's
 * time is up), each batch with its rows locked and its stop conditions checked again; first it
 * sweeps the stops the listeners could not apply (rows a sender held at that moment).
 */
export const sendDueFollowups = defineJob({
  name: 'send-due-followups',
  schedule: '*/5 * * * * *',
  scope: 'system',
  transactional: false,
  description:
    'Sends the follow-ups that are due through the send path, stopping those whose customer answered meanwhile.',
  run: async ({ em, forShop, log }) => {
    const started = Date.now();
    const shops = await em.execute<{ shop_id: number }[]>(
      `select distinct shop_id from smart_followups where status = 'scheduled' and (due_at <= now() or updated_at > now() - interval '1 day') limit ?`,
      [SHOPS_PER_RUN],
    );
    for (const { shop_id } of shops) {
      await forShop(shop_id, async (ctx) => {
        await ctx.transaction(({ services }) => services.followupSenderService.sweep());
        // Lanes send batches side by side (SKIP LOCKED keeps them apart): the send path's time is
        // mostly waiting for the database.
        const lane = async () => {
          while (Date.now() - started < RUN_BUDGET_MS) {
            const report = await ctx.transaction(({ services }) => services.followupSenderService.sendDue(BATCH));
            if (report.sent + report.stopped + report.waiting + report.failed === 0) return;
          }
        };
        await Promise.all(Array.from({ length: LANES }, lane));
      }).catch((err) => log.error({ err, shopId: shop_id }, 'smart_followup: sending failed for a shop'));
    }
  },
});
