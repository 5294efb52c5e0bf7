import type { Services } from '../../../core/index.js';
import type { ChatappSessionsService } from '../../whatsapp_ops/surface.js';

type SessionPayload = Awaited<ReturnType<ChatappSessionsService['setMassMarketing']>>;

const PAGE = 100;

/** Which of the shop's lines (whatsapp_ops sessions) campaigns send from. The flag lives on the session. */
export class MarketingSessionsService {
  constructor(private readonly deps: Services) {}

  async assign(sessionId: number, enabled: boolean) {
    return { session: await this.deps.chatappSessionsService.setMassMarketing(sessionId, enabled) };
  }

  /** Every line with its flag; `marketing_session_ids` are those enabled, `sendable_session_ids` those also connected now. */
  async list() {
    const sessions: SessionPayload[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.deps.chatappSessionsService.list(undefined, { limit: PAGE, offset });
      sessions.push(...page.sessions);
      if (!page.has_more) break;
    }
    const enabled = sessions.filter((s) => s.mass_marketing_enabled);
    return {
      sessions,
      count: sessions.length,
      marketing_session_ids: enabled.map((s) => s.id),
      sendable_session_ids: enabled.filter((s) => s.status === 'connected').map((s) => s.id),
    };
  }
}
