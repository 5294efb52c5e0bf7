import { DateTime } from 'luxon';
import type { Grouping, Period } from './period.js';
import { TURN_DAYS, TURNS_SQL } from './turns.js';
import { StatsReader } from './stats-reader.js';

type Row = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);
const minutes = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

export interface ResponseFigures {
  turns: number;
  answered: number;
  unanswered: number;
  first_response_minutes: { average: number | null; median: number | null; p90: number | null };
}

const figures = (r: Row): ResponseFigures => ({
  turns: n(r.turns),
  answered: n(r.answered),
  unanswered: n(r.turns) - n(r.answered),
  first_response_minutes: { average: minutes(r.avg_min), median: minutes(r.median_min), p90: minutes(r.p90_min) },
});

/**
 * Conversations and how fast people answer them (see turns.ts for what a turn and a reply are),
 * for the shop, per period bucket and per assigned agent, in one pass over the period's messages.
 */
export class ConversationStatsService extends StatsReader {
  /** Turns and replies: the whole period, per bucket of the day they started (unless group is null), and per agent of the conversation. */
  async responses(p: Period, group: Grouping | null) {
    const days = (d: Date, n: number) => DateTime.fromJSDate(d).plus({ days: n }).toJSDate();
    // The conversation's agent is the one assigned now: messages do not say which person replied.
    const withAgent = this.has('conversations');
    const rows = await this.em.execute<Row[]>(
      `with t as (${TURNS_SQL})
       select ${group ? 'grouping(period) = 0' : 'false'} as by_period, grouping(agent_id) = 0 as by_agent,
              ${group ? 'period' : 'null'} as period, agent_id,
              count(*)::int as turns, count(answered)::int as answered,
              count(distinct (session_id, phone))::int as conversations,
              avg(extract(epoch from answered - asked) / 60)::float as avg_min,
              percentile_cont(0.5) within group (order by extract(epoch from answered - asked) / 60)::float as median_min,
              percentile_cont(0.9) within group (order by extract(epoch from answered - asked) / 60)::float as p90_min
       from (select t.*, to_char(date_trunc(?, t.asked at time zone ?), 'YYYY-MM-DD') as period,
                    ${withAgent ? 'c.assigned_agent_id' : 'null::int'} as agent_id
             from t ${withAgent ? 'left join conversations_view c on c.shop_id = ? and c.session_id = t.session_id and c.phone = t.phone' : ''}) t
       group by grouping sets (()${group ? ', (period)' : ''}, (agent_id))`,
      [
        this.shopId,
        days(p.from, -TURN_DAYS),
        days(p.to, TURN_DAYS),
        p.from,
        p.to,
        group ?? 'day',
        p.zone,
        ...(withAgent ? [this.shopId] : []),
      ],
    );
    const whole = rows.find((r) => !r.by_period && !r.by_agent);
    return {
      totals: { ...figures(whole ?? {}), conversations: n(whole?.conversations) },
      series: rows
        .filter((r) => r.by_period)
        .map((r) => ({ period: String(r.period), ...figures(r) }))
        .sort((a, b) => a.period.localeCompare(b.period)),
      byAgent: new Map(
        rows.filter((r) => r.by_agent).map((r) => [r.agent_id === null ? null : n(r.agent_id), figures(r)]),
      ),
    };
  }

  /** The inbox now and the conversations opened in the period (null without the conversations group). */
  async inbox(p: Period) {
    if (!this.has('conversations')) return null;
    const [row] = await this.em.execute<Row[]>(
      `select count(*)::int as total,
              count(*) filter (where created_at >= ? and created_at < ?)::int as new,
              count(*) filter (where unread_count > 0)::int as unread,
              count(*) filter (where unread_count > 0 and assigned_agent_id is null)::int as unread_unassigned
       from conversations_view where shop_id = ?`,
      [p.from, p.to, this.shopId],
    );
    return {
      new: n(row?.new),
      total_now: n(row?.total),
      unread_now: n(row?.unread),
      unread_unassigned_now: n(row?.unread_unassigned),
    };
  }
}
