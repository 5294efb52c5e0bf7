import { defineJob } from '../define.js';
import { claimDueRows } from '../../../core/index.js';
import { MAX_SCHEDULED_ATTEMPTS } from '../services/scheduled-messages-service.js';

const BATCH = 50;
/** A claim older than this belongs to a process that stopped mid-send: the row is claimed again. */
const CLAIM_TIMEOUT_SECONDS = 120;

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
    const due = {
      table: 'chatapp_scheduled_messages',
      dueColumn: 'send_at',
      batchSize: BATCH,
      claimTimeoutSeconds: CLAIM_TIMEOUT_SECONDS,
    };
    for (const row of await claimDueRows(em, due)) {
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
