import { defineJob } from '../define.js';
import { byShop, claimDueRows } from '../../../core/index.js';

/**
 * Sends due phone deliveries of every shop: claim a batch (committed), send each shop's part in
 * the shop's own transaction, and go on until none are due or the tick's budget is spent.
 */
export const sendNotificationDeliveries = defineJob({
  name: 'send-notification-deliveries',
  schedule: '*/10 * * * * *',
  scope: 'system',
  description: 'Sends notifications that recipients also want on their phone, once each, after their quiet hours.',
  run: async ({ em, forShop, log, config }) => {
    const until = Date.now() + config.deliveryTickBudgetMs;
    while (Date.now() < until) {
      const claimed = await claimDueRows(em, {
        table: 'notification_deliveries',
        dueColumn: 'due_at',
        batchSize: config.deliveryBatch,
        claimTimeoutSeconds: config.claimTimeoutSeconds,
      });
      if (claimed.length === 0) return;
      for (const [shopId, rows] of byShop(claimed)) {
        const ids = rows.map((r) => r.id);
        await forShop(shopId, ({ services }) => services.notificationDeliverySenderService.sendClaimed(ids)).catch(
          (err) =>
            log.error({ err, shopId, deliveries: ids }, 'sending notifications failed; they are claimed again later'),
        );
      }
    }
  },
});
