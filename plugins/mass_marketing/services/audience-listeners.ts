import { inBatches, type BatchListener, type ToolContext } from '../../../core/index.js';
import type { MarketingAudienceService } from './audience-service.js';

type Each = (payload: any, ctx: ToolContext<any>) => Promise<void>;
type Listener = Each | BatchListener<any>;

const audience = (ctx: ToolContext<any>) => ctx.services.marketingAudienceService as MarketingAudienceService;

/**
 * The events that change the facts copied onto list members (services/audience-facts.ts). They run
 * in the emitter's transaction, so a member's facts change exactly when their source does.
 */
const AUDIENCE_LISTENERS: Record<string, Listener> = {
  'customers.tagged': (e: { phone: string }, ctx) => audience(ctx).customerChanged(e.phone),
  'customers.untagged': (e: { phone: string }, ctx) => audience(ctx).customerChanged(e.phone),
  'customers.contacted': (e: { phone: string }, ctx) => audience(ctx).customerChanged(e.phone),
  'customers.merged': (e: { primary_phone: string; secondary_phone: string }, ctx) =>
    audience(ctx).customersMerged(e.primary_phone, e.secondary_phone),
  'customers.deleted': (e: { phone: string }, ctx) => audience(ctx).customerDeleted(e.phone),
  'whatsapp_ops.message_received': inBatches((events, ctx) => audience(ctx).messagesExchanged(events)),
  'whatsapp_ops.message_sent': inBatches((events, ctx) => audience(ctx).messagesExchanged(events)),
};

const asBatch = (listener: Listener): BatchListener['batch'] =>
  typeof listener === 'function'
    ? async (payloads, ctx) => {
        for (const payload of payloads) await listener(payload, ctx);
      }
    : listener.batch;

/** The group's other listeners with the audience ones added; both run when they share an event (the group's own first). */
export function withAudienceListeners(listeners: Record<string, Listener>): Record<string, Listener> {
  const all = { ...listeners };
  for (const [event, listener] of Object.entries(AUDIENCE_LISTENERS)) {
    const other = listeners[event];
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
  return all;
}
