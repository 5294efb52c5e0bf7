import { inBatches, type Listener, type Listeners } from '../../../../core/index.js';
import type { AdvancedConfig } from '../../config.js';
import { WEBHOOK_EVENT_TYPES } from './event-catalogue.js';

/**
 * A batch listener on every domain event the catalogue names: the deliveries are written in the
 * emitter's transaction (or, for an emitter that holds none, in a short one of their own).
 */
export const webhookListeners = Object.fromEntries(
  WEBHOOK_EVENT_TYPES.flatMap(({ type, source }) =>
    source === null
      ? []
      : [
          [
            source,
            inBatches<unknown, AdvancedConfig>((payloads, ctx) =>
              ctx.transaction((tx) => tx.services.advancedWebhookRecorder.record(type, payloads)),
            ) as Listener<unknown, AdvancedConfig>,
          ],
        ],
  ),
) as Listeners<AdvancedConfig>;
