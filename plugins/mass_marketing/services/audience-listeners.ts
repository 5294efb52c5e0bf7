import type { ToolContext } from '../../../core/index.js';
import type { MarketingAudienceService } from './audience-service.js';

type Listener = (payload: any, ctx: ToolContext<any>) => Promise<void>;

const audience = (ctx: ToolContext<any>) => ctx.services.marketingAudienceService as MarketingAudienceService;

/**
 * The events that change the facts copied onto list members (services/audience-facts.ts). They run
 * in the emitter's transaction, so a member's facts change exactly when their source does.
 */
const AUDIENCE_LISTENERS: Record<string, Listener> = {
  'customers.tagged': (e: { phone: string }, ctx) => audience(ctx).customerChanged(e.phone),
  'customers.untagged': (e: { phone: string }, ctx) => audience(ctx).customerChanged(e.phone),
  'customers.contacted': (e: { phone: string }, ctx) => audience(ctx).customerChanged(e.phone),
  'customers.merged': (e: { primary_phone: string; secondary_phone: string }, ctx) => audience(ctx).customersMerged(e.primary_phone, e.secondary_phone),
  'customers.deleted': (e: { phone: string }, ctx) => audience(ctx).customerDeleted(e.phone),
  'whatsapp_ops.message_received': (e: { phone: string; message_id: number }, ctx) => audience(ctx).messageExchanged(e.phone, e.message_id),
  'whatsapp_ops.message_sent': (e: { phone: string; message_id: number }, ctx) => audience(ctx).messageExchanged(e.phone, e.message_id),
};

/** The group's other listeners with the audience ones added; both run when they share an event. */
export function withAudienceListeners(listeners: Record<string, Listener>): Record<string, Listener> {
  const all = { ...listeners };
  for (const [event, listener] of Object.entries(AUDIENCE_LISTENERS)) {
    const other = listeners[event];
    all[event] = other
      ? async (payload, ctx) => {
          await other(payload, ctx);
          await listener(payload, ctx);
        }
      : listener;
  }
  return all;
}
