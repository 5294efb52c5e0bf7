import {
  inBatches,
  type BatchListener,
  type EventName,
  type Listener,
  type Listeners,
} from '../../../../core/index.js';

/**
 * The events that change the facts copied onto list members (services/audience-facts.ts). They run
 * in the emitter's transaction, so a member's facts change exactly when their source does.
 */
const AUDIENCE_LISTENERS: Listeners = {
  'customers.tagged': (e, { services }) => services.marketingAudienceService.customersChanged([e.phone]),
  'customers.untagged': (e, { services }) => services.marketingAudienceService.customersChanged([e.phone]),
  'customers.contacted': inBatches((events, { services }) =>
    services.marketingAudienceService.customersChanged(events.map((e) => e.phone)),
  ),
  'customers.merged': (e, { services }) =>
    services.marketingAudienceService.customersMerged(e.primary_phone, e.secondary_phone),
  'customers.deleted': (e, { services }) => services.marketingAudienceService.customerDeleted(e.phone),
  'whatsapp_ops.message_received': inBatches((events, { services }) =>
    services.marketingAudienceService.messagesExchanged(events),
  ),
  'whatsapp_ops.message_sent': inBatches((events, { services }) =>
    services.marketingAudienceService.messagesExchanged(events),
  ),
};

const asBatch = (listener: Listener): BatchListener['batch'] =>
  typeof listener === 'function'
    ? async (payloads, ctx) => {
        for (const payload of payloads) await listener(payload, ctx);
      }
    : listener.batch;

/** The group's other listeners with the audience ones added; both run when they share an event (the group's own first). */
export function withAudienceListeners(listeners: Listeners): Listeners {
  // By name: each pair shares one event, so its payload type, which a loop over names cannot show tsc.
  const all = { ...listeners } as Partial<Record<EventName, Listener>>;
  for (const [event, listener] of Object.entries(AUDIENCE_LISTENERS) as [EventName, Listener][]) {
    const other = all[event];
    if (!other) {
      all[event] = listener;
      continue;
    }
    const [first, second] = [asBatch(other), asBatch(listener)];
    all[event] = inBatches(async (payloads, ctx) => {
      await first(payloads, ctx);
      await second(payloads, ctx);
    });
  }
  return all as Listeners;
}
