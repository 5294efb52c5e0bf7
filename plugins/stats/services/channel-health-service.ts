import { isoOrNull } from '../../../core/index.js';
import type { Period } from './period.js';
import { StatsReader } from './stats-reader.js';

type Row = Record<string, string | number | Date | boolean | null>;
const n = (v: unknown) => Number(v ?? 0);
const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);
/** Below this many sends in the period a failure rate says little, so it cannot make a line degraded. */
export const MIN_SENDS_FOR_RATE = 20;
/** A connected line failing more than this share of its sends is degraded. */
export const DEGRADED_FAILURE_PCT = 5;

/**
 * How each of the shop's lines is doing: its connection now, and its traffic in the period — sent,
 * failed, delivered and read shares, the last message each way, and the commonest failure reasons.
 */
export class ChannelHealthService extends StatsReader {
  async lines(p: Period) {
    const shopId = this.deps.shop.id;
    const [lines, traffic, errors] = await Promise.all([
      this.em.execute<Row[]>(
        `select id, label, phone, status, adapter, sandbox, connected_at, disconnected_at from chatapp_sessions_view
         where shop_id = ? order by id`,
        [shopId],
      ),
      this.em.execute<Row[]>(
        `select session_id, count(*) filter (where direction = 'inbound')::int as inbound,
                count(*) filter (where direction = 'outbound')::int as sent,
                count(*) filter (where status = 'failed')::int as failed,
                count(*) filter (where status in ('delivered', 'read'))::int as delivered,
                count(*) filter (where status = 'read')::int as read,
                max(created_at) filter (where direction = 'inbound') as last_inbound_at,
                max(created_at) filter (where direction = 'outbound') as last_outbound_at
         from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? group by 1`,
        [shopId, p.from, p.to],
      ),
      this.em.execute<Row[]>(
        `select session_id, error, count(*)::int as c, row_number() over (partition by session_id order by count(*) desc, error) as rank
         from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? and status = 'failed'
         group by 1, 2`,
        [shopId, p.from, p.to],
      ),
    ]);
    return lines.map((line) => {
      const t = traffic.find((r) => r.session_id === line.id) ?? {};
      const sent = n(t.sent);
      const failurePct = pct(n(t.failed), sent);
      const health =
        line.status !== 'connected'
          ? 'down'
          : sent >= MIN_SENDS_FOR_RATE && (failurePct ?? 0) > DEGRADED_FAILURE_PCT
            ? 'degraded'
            : 'ok';
      return {
        session_id: n(line.id),
        label: (line.label as string | null) ?? null,
        phone: (line.phone as string | null) ?? null,
        status: String(line.status),
        sandbox: Boolean(line.sandbox),
        health,
        connected_at: isoOrNull(line.connected_at as Date | string | null),
        disconnected_at: isoOrNull(line.disconnected_at as Date | string | null),
        inbound: n(t.inbound),
        sent,
        failed: n(t.failed),
        failure_pct: failurePct,
        delivery_pct: pct(n(t.delivered), sent),
        read_pct: pct(n(t.read), sent),
        last_inbound_at: isoOrNull(t.last_inbound_at as Date | string | null),
        last_outbound_at: isoOrNull(t.last_outbound_at as Date | string | null),
        top_errors: errors
          .filter((e) => e.session_id === line.id && n(e.rank) <= 3)
          .map((e) => ({ error: (e.error as string | null) ?? 'unknown', messages: n(e.c) })),
      };
    });
  }
}
