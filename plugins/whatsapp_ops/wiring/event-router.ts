import type { SetupContext } from '../../../core/index.js';
import type { ChannelEvent, ChannelEventHandler } from '../channel/channel-port.js';
import { UNKNOWN_TARGET_RETRY_MS } from '../services/ingestion-service.js';

/**
 * The port's single event handler: finds the shops that own the batch's sessions (one unfiltered
 * lookup by session key: establishing the shop is its purpose) and applies each shop's events, in
 * their order, in that shop's unit of work, in one transaction per shop. A batch that comes with
 * its owner (a provider's webhook) goes straight to that shop, with its session ids. A throw makes
 * the channel deliver the batch again; shops already applied then find their events done and
 * change nothing.
 */
export function eventRouter(setup: Pick<SetupContext, 'rootEm' | 'withShop' | 'log'>): ChannelEventHandler {
  return async (events, owner) => {
    if (events.length === 0) return;
    if (owner) {
      await setup.withShop(
        owner.shopId,
        (ctx) => ctx.services.chatappIngestionService.handleMany(events, owner.sessionIds),
        { transactional: true },
      );
      return;
    }
    const keys = [...new Set(events.map((e) => e.sessionKey))];
    const sessions = await setup.rootEm
      .fork()
      .execute<{ session_key: string; shop_id: number }[]>(
        'select session_key, shop_id from chatapp_sessions where session_key in (?)',
        [keys],
      );
    const shopOf = new Map(sessions.map((s) => [s.session_key, s.shop_id]));
    const byShop = new Map<number, ChannelEvent[]>();
    for (const event of events) {
      const shopId = shopOf.get(event.sessionKey);
      if (shopId === undefined) {
        // A session whose creation is still committing gets its events again shortly; any other is not ours.
        if (Date.now() - event.occurredAt.getTime() < UNKNOWN_TARGET_RETRY_MS)
          throw new Error(`no session ${event.sessionKey} recorded yet`);
        setup.log.warn(
          { sessionKey: event.sessionKey, eventId: event.id, type: event.type },
          'channel event for an unknown session dropped',
        );
        continue;
      }
      const batch = byShop.get(shopId) ?? [];
      if (batch.length === 0) byShop.set(shopId, batch);
      batch.push(event);
    }
    for (const [shopId, batch] of byShop) {
      await setup.withShop(shopId, (ctx) => ctx.services.chatappIngestionService.handleMany(batch), {
        transactional: true,
      });
    }
  };
}
