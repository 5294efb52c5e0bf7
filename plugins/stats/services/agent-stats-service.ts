import type { Period } from './period.js';
import type { ResponseFigures } from './conversation-stats-service.js';
import { StatsReader } from './stats-reader.js';

type Row = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);
const PAGE = 100;

/**
 * Each agent's load and pace: the conversations assigned to them now, how fast their
 * conversations' customers were answered, and their tickets (open now, resolved in the period and
 * how long that took). A section is null when the group it comes from is not enabled.
 */
export class AgentStatsService extends StatsReader {
  async agents(p: Period) {
    if (!this.has('agents')) return null;
    const agents = [];
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.deps.agentsService.list({ limit: PAGE, offset });
      agents.push(...page.items);
      if (agents.length >= page.total || page.items.length === 0) break;
    }
    const [responses, tickets, conversations] = await Promise.all([
      this.has('whatsapp_ops') ? this.deps.statsConversationsService.responses(p, null) : null,
      this.has('tickets') ? this.tickets(p) : null,
      this.has('conversations') ? this.conversations() : null,
    ]);
    const none: ResponseFigures = {
      turns: 0,
      answered: 0,
      unanswered: 0,
      first_response_minutes: { average: null, median: null, p90: null },
    };
    return {
      agents: agents.map((a) => ({
        agent_id: a.id,
        nickname: a.nickname,
        full_name: a.fullName,
        conversations: conversations && (conversations.get(a.id) ?? { total_now: 0, unread_now: 0 }),
        responses: responses && (responses.byAgent.get(a.id) ?? none),
        tickets: tickets && (tickets.get(a.id) ?? { open_now: 0, resolved: 0, resolution_hours_median: null }),
      })),
      unassigned: {
        conversations: conversations && (conversations.get(null) ?? { total_now: 0, unread_now: 0 }),
        responses: responses && (responses.byAgent.get(null) ?? none),
        tickets: tickets && (tickets.get(null) ?? { open_now: 0, resolved: 0, resolution_hours_median: null }),
      },
    };
  }

  private async tickets(p: Period) {
    const rows = await this.em.execute<Row[]>(
      `select assigned_agent_id as agent_id,
              count(*) filter (where status in ('open', 'pending_notification'))::int as open_now,
              count(*) filter (where resolved_at >= ? and resolved_at < ?)::int as resolved,
              percentile_cont(0.5) within group (order by extract(epoch from resolved_at - created_at) / 3600)
                filter (where resolved_at >= ? and resolved_at < ?)::float as median_hours
       from tickets_view where shop_id = ? and (status in ('open', 'pending_notification') or (resolved_at >= ? and resolved_at < ?))
       group by 1`,
      [p.from, p.to, p.from, p.to, this.shopId, p.from, p.to],
    );
    return new Map(
      rows.map((r) => [
        r.agent_id === null ? null : n(r.agent_id),
        {
          open_now: n(r.open_now),
          resolved: n(r.resolved),
          resolution_hours_median: r.median_hours === null ? null : Math.round(Number(r.median_hours) * 10) / 10,
        },
      ]),
    );
  }

  private async conversations() {
    const rows = await this.em.execute<Row[]>(
      `select assigned_agent_id as agent_id, count(*)::int as assigned, count(*) filter (where unread_count > 0)::int as unread
       from conversations_view where shop_id = ? group by 1`,
      [this.shopId],
    );
    return new Map(
      rows.map((r) => [
        r.agent_id === null ? null : n(r.agent_id),
        { total_now: n(r.assigned), unread_now: n(r.unread) },
      ]),
    );
  }
}
