import type { SetupContext } from '../../../core/index.js';
import type { ChannelEventHandler } from '../channel/channel-port.js';
import { ChatappSession } from '../entities/chatapp-session.entity.js';
import { UNKNOWN_TARGET_RETRY_MS } from '../services/ingestion-service.js';

/**
 * The port's single event handler: finds the shop that owns the event's session (an unfiltered
 * lookup by session key: establishing the shop is its purpose) and applies the event in that
 * shop's unit of work, in one transaction. A throw makes the channel deliver the event again.
 */
export function eventRouter(setup: Pick<SetupContext, 'rootEm' | 'withShop' | 'log'>): ChannelEventHandler {
  return async (event) => {
    const session = await setup.rootEm.fork().findOne(ChatappSession, { sessionKey: event.sessionKey }, { filters: { tenant: false } });
    if (!session) {
      // A session whose creation is still committing gets its events again shortly; any other is not ours.
      if (Date.now() - event.occurredAt.getTime() < UNKNOWN_TARGET_RETRY_MS) throw new Error(`no session ${event.sessionKey} recorded yet`);
      setup.log.warn({ sessionKey: event.sessionKey, eventId: event.id, type: event.type }, 'channel event for an unknown session dropped');
      return;
    }
    await setup.withShop(session.shopId, (ctx) => ctx.services.chatappIngestionService.handle(event), { transactional: true });
  };
}
