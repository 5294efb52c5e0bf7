import { defineJob } from '../define.js';
import { byShop, claimDueRows } from '../../../core/index.js';

/**
 * Sends the due notification deliveries of every shop: claim a batch (committed), send each
 * shop's part in the shop's own transaction, and go on until none are due or the tick's budget is
 * spent, so thousands due in one minute go out in that minute. Deliveries that fell due while no
 * process ran go out at the first tick after start, once.
 */
export const sendCalendarNotifications = defineJob({
  name: 'send-calendar-notifications',
  schedule: '*/10 * * * * *',
  scope: 'system',
  description:
    'Sends due calendar notifications (confirmations, reminders, follow-ups…) through the send path, each exactly once.',
  run: async ({ em, forShop, log, config }) => {
    const until = Date.now() + config.deliveryTickBudgetMs;
    while (Date.now() < until) {
      const claimed = await claimDueRows(em, {
        table: 'calendar_deliveries',
        dueColumn: 'due_at',
        batchSize: config.deliveryBatch,
        claimTimeoutSeconds: config.claimTimeoutSeconds,
      });
      if (claimed.length === 0) return;
      for (const [shopId, rows] of byShop(claimed))
        await forShop(shopId, ({ services }) =>
          services.calendarDeliverySenderService.sendClaimed(rows.map((r) => r.id)),
        ).catch((err) =>
          log.error(
            { err, shopId, deliveries: rows.map((r) => r.id) },
            'sending calendar notifications failed; they are claimed again later',
          ),
        );
    }
  },
});
