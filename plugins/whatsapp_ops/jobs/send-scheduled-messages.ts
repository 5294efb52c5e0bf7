import { defineJob } from '../define.js';
import { claimDueScheduled } from '../services/scheduled-claims.js';
import { MAX_SCHEDULED_ATTEMPTS } from '../services/scheduled-messages-service.js';

const BATCH = 50;

/**
 * Sends the scheduled messages that are due, in every shop: claim (committed), then send each in
 * its shop's own transaction. Messages that fell due while no process was running are due now
 * and go out at the first tick after start, once.
 */
export const sendScheduledMessages = defineJob({
  name: 'send-scheduled-messages',
  schedule: '*/15 * * * * *',
  scope: 'system',
  description: 'Sends due scheduled messages through the send path, each exactly once.',
  run: async ({ em, forShop, log }) => {
    for (const row of await claimDueScheduled(em, BATCH)) {
      await forShop<unknown>(row.shopId, ({ services }) =>
        row.attempts > MAX_SCHEDULED_ATTEMPTS
          ? services.chatappScheduledMessagesService.giveUp(row.id)
          : services.chatappScheduledMessagesService.sendClaimed(row.id),
      ).catch((err) =>
        log.error(
          { err, scheduledMessageId: row.id, shopId: row.shopId },
          'sending a scheduled message failed; it is claimed again later',
        ),
      );
    }
  },
});
