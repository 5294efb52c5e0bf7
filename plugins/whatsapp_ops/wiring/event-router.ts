import type { SetupContext } from '../../../core/index.js';
import type { ChannelEvent, ChannelEventHandler, EventOwner } from '../channel/channel-port.js';
import { UNKNOWN_TARGET_RETRY_MS } from '../services/ingestion-service.js';

type Setup = Pick<SetupContext, 'rootEm' | 'withShop' | 'log'>;

/**
 * The port's single event handler: finds the shops that own the batch's sessions (one unfiltered
 * lookup by session key: establishing the shop is its purpose) and applies each shop's events, in
 * their order, in that shop's unit of work, in one transaction per shop, with the session ids that
 * lookup found. A batch that comes with its owner (a provider's webhook) goes straight to that
 * shop. A throw makes the channel deliver the batch again; shops already applied then find their
 * events done and change nothing.
 */
export function eventRouter(setup: Setup): ChannelEventHandler {
  return async (events, owner) => {
    if (events.length === 0) return;
    const owners = owner ? [{ ...owner, events }] : await ownersOf(setup, events);
    for (const { shopId, events: batch, sessionIds } of owners)
      await setup.withShop(shopId, (ctx) => ctx.services.chatappIngestionService.handleMany(batch, sessionIds), {
        transactional: true,
      });
  };
}

/** The batch split by the shop that owns each event's session, in order. */
async function ownersOf(setup: Setup, events: ChannelEvent[]): Promise<(EventOwner & { events: ChannelEvent[] })[]> {
  const keys = [...new Set(events.map((e) => e.sessionKey))];
  const sessions = await setup.rootEm
    .fork()
    .execute<{ id: number; session_key: string; shop_id: number }[]>(
      'select id, session_key, shop_id from chatapp_sessions where session_key in (?)',
      [keys],
    );
  const sessionOf = new Map(sessions.map((s) => [s.session_key, s]));
  const byShop = new Map<number, EventOwner & { events: ChannelEvent[]; sessionIds: Map<string, number> }>();
  for (const event of events) {
    const session = sessionOf.get(event.sessionKey);
    if (session === undefined) {
      // A session whose creation is still committing gets its events again shortly; any other is not ours.
      if (Date.now() - event.occurredAt.getTime() < UNKNOWN_TARGET_RETRY_MS)
        throw new Error(`no session ${event.sessionKey} recorded yet`);
      setup.log.warn(
        { sessionKey: event.sessionKey, eventId: event.id, type: event.type },
        'channel event for an unknown session dropped',
      );
      continue;
    }
    let owned = byShop.get(session.shop_id);
    if (!owned) byShop.set(session.shop_id, (owned = { shopId: session.shop_id, events: [], sessionIds: new Map() }));
    owned.events.push(event);
    owned.sessionIds.set(session.session_key, session.id);
  }
  return [...byShop.values()];
}
