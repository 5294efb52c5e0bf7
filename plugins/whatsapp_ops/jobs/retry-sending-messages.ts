import { defineJob } from '../define.js';
import { retryUnsentMessages } from '../wiring/sending-retry.js';

const PROCESSED_EVENTS_KEPT_DAYS = 7;

/**
 * Sends again, with their own keys, the messages the network could not take when they were sent
 * (they wait in `sending`), and forgets processed channel event ids older than any redelivery.
 */
export const retrySendingMessages = defineJob({
  name: 'retry-sending-messages',
  schedule: '0 * * * * *',
  scope: 'system',
  description: 'Retries messages left in sending; prunes old processed event ids.',
  run: async ({ em, forShop, log }) => {
    await retryUnsentMessages(em, forShop, (shopId, err) =>
      log.error({ err, shopId }, 'retrying unsent messages failed for a shop'),
    );
    // Maintenance across shops: the channel redelivers an event for minutes to hours, never for days.
    await em.execute(`delete from chatapp_processed_events where processed_at < now() - make_interval(days => ?)`, [
      PROCESSED_EVENTS_KEPT_DAYS,
    ]);
  },
});
