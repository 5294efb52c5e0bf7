import type { CreditsLow, EventHandler } from '../../../core/index.js';
import { OWNER } from '../entities/values.js';

/** Below the installation's threshold, sends start failing soon: the owner should top up. */
export const onCreditsLow: EventHandler<CreditsLow> = async (e, { services }) => {
  await services.notificationsService.notify({
    recipients: [OWNER],
    type: 'credits_low',
    title: `Credits are running low: ${e.balance} left`,
    body: `The balance fell below ${e.threshold}. Messages and campaigns stop when it runs out.`,
    dedupeKey: 'credits',
  });
};
