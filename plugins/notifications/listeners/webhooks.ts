import type { EventHandler } from '../../../core/index.js';
import type { AdvancedWebhooksDisabled } from '../../advanced/surface.js';
import { OWNER } from '../entities/values.js';

/** Events are held, not sent, until the owner enables webhooks again: they must hear of it. */
export const onWebhooksDisabled: EventHandler<AdvancedWebhooksDisabled> = async (e, { services }) => {
  await services.notificationsService.notify({
    recipients: [OWNER],
    type: 'webhooks_disabled',
    title: 'Webhooks paused: the endpoint kept failing',
    body: `Every delivery to ${e.webhook_url} has failed since ${e.failing_since}. New events are recorded but not sent; enable webhooks again with configure_webhooks, then recover_failed_webhooks sends what was held.`,
    dedupeKey: 'webhooks',
  });
};
