import { dayName, groupNotEnabled } from '../../../core/index.js';
import { DateTime } from 'luxon';
import { change, type Grouping, type Period } from './period.js';
import type { SeriesRow } from './rollup-service.js';
import { StatsReader } from './stats-reader.js';

type Row = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);

/** The local bucket of a timestamp column, as YYYY-MM-DD (the day, the week's Monday, the month's first). */
const bucket = (column: string) => `to_char(date_trunc(?, ${column} at time zone ?), 'YYYY-MM-DD')`;

/**
 * Dashboard figures computed from the groups' read views (messages, customers, tickets) and the
 * kernel's credits ledger, always for the calling shop, on its clock. A group that is not enabled
 * leaves its section null rather than zeros that would look measured.
 */
export class StatsService extends StatsReader {
  private get rollups() {
    return this.deps.statsRollupService;
  }

  /** The report a tool asked for needs a group this server does not enable. */
  groupMissing(group: string) {
    return groupNotEnabled(
      group,
      `This report is computed from the ${group} group, which is not enabled on this server.`,
    );
  }

  async overview(p: Period) {
    const [messages, customers, tickets, credits, previousCredits] = await Promise.all([
      this.has('whatsapp_ops')
        ? Promise.all([this.rollups.totals(p.from, p.to), this.rollups.totals(p.previousFrom, p.previousTo)])
        : null,
      this.has('customers') ? this.customerTotals(p) : null,
      this.has('tickets') ? this.ticketTotals(p) : null,
      this.rollups.credits(p.from, p.to),
      this.rollups.credits(p.previousFrom, p.previousTo),
    ]);
    const spent = (t: Record<string, number>) => -(t.spend ?? 0) - (t.spend_return ?? 0);
    const metric = (now: number, before: number) => ({ value: now, previous: before, change_pct: change(now, before) });
    return {
      messages: messages && {
        inbound: metric(messages[0].inbound, messages[1].inbound),
        outbound: metric(messages[0].outbound, messages[1].outbound),
        automatic_outbound: metric(messages[0].automatic, messages[1].automatic),
        failed: metric(messages[0].failed, messages[1].failed),
        contacts_writing: metric(messages[0].contacts, messages[1].contacts),
      },
      customers: customers && { new: metric(customers.new_now, customers.new_prev), total: customers.total },
      tickets: tickets && {
        opened: metric(tickets.opened_now, tickets.opened_prev),
        resolved: metric(tickets.resolved_now, tickets.resolved_prev),
        open_now: tickets.open_now,
      },
      credits: {
        spent: metric(spent(credits), spent(previousCredits)),
        purchased: metric(credits.purchase ?? 0, previousCredits.purchase ?? 0),
        granted: metric(
          (credits.grant ?? 0) + (credits.reward ?? 0),
          (previousCredits.grant ?? 0) + (previousCredits.reward ?? 0),
        ),
        balance: await this.deps.credits.balance(),
      },
    };
  }

  /**
   * Messages per bucket: in, out, automatic, failed, delivered, read — from the daily rollups for
   * the shop, counted from the rows for one line (the rollups are per shop).
   */
  async messageSeries(p: Period, group: Grouping, sessionId?: number) {
    if (!this.has('whatsapp_ops')) return null;
    const series = sessionId
      ? await this.rollups.lineSeries(p.from, p.to, group, sessionId)
      : await this.rollups.series(p.from, p.to, group);
    const sum = (k: Exclude<keyof SeriesRow, 'period'>) => series.reduce((t, r) => t + r[k], 0);
    const outbound = sum('outbound');
    return {
      series,
      totals: {
        inbound: sum('inbound'),
        outbound,
        automatic: sum('automatic'),
        failed: sum('failed'),
        credits: sum('credits'),
        delivery_rate: outbound === 0 ? null : Math.round((sum('delivered') / outbound) * 1000) / 10,
        read_rate: outbound === 0 ? null : Math.round((sum('read') / outbound) * 1000) / 10,
      },
    };
  }

  /** Messages by weekday (Monday first) and hour on the shop's clock, over the last `days` local days (today included). */
  async heatmap(days: number, direction: 'inbound' | 'outbound' | undefined) {
    if (!this.has('whatsapp_ops')) return null;
    const today = DateTime.now().setZone(this.deps.shop.timezone).startOf('day');
    const rows = await this.rollups.hours(
      today.minus({ days: days - 1 }).toJSDate(),
      today.plus({ days: 1 }).toJSDate(),
      direction,
    );
    const matrix = Array.from({ length: 7 }, () => Array.from({ length: 24 }, () => 0));
    // Rows by day_of_week (0 = Sunday); PostgreSQL's isodow has Sunday as 7.
    for (const r of rows) matrix[r.d % 7]![r.h]! += r.c;
    let peak = { day_of_week: 0, day_name: dayName(0), hour: 0, messages: 0 };
    matrix.forEach((hours, d) =>
      hours.forEach((c, h) => {
        if (c > peak.messages) peak = { day_of_week: d, day_name: dayName(d), hour: h, messages: c };
      }),
    );
    return { matrix, peak: peak.messages > 0 ? peak : null, total: rows.reduce((t, r) => t + r.c, 0) };
  }

  async ticketSeries(p: Period, group: Grouping) {
    if (!this.has('tickets')) return null;
    const [opened, resolved, byPriority, resolution] = await Promise.all([
      this.em.execute<Row[]>(
        `select ${bucket('created_at')} as period, count(*)::int as c from tickets_view
         where shop_id = ? and created_at >= ? and created_at < ? group by 1`,
        [group, p.zone, this.shopId, p.from, p.to],
      ),
      this.em.execute<Row[]>(
        `select ${bucket('resolved_at')} as period, count(*)::int as c from tickets_view
         where shop_id = ? and resolved_at >= ? and resolved_at < ? group by 1`,
        [group, p.zone, this.shopId, p.from, p.to],
      ),
      this.em.execute<Row[]>(
        `select priority, count(*)::int as c from tickets_view
         where shop_id = ? and created_at >= ? and created_at < ? group by 1 order by 1`,
        [this.shopId, p.from, p.to],
      ),
      this.em.execute<Row[]>(
        `select avg(extract(epoch from resolved_at - created_at) / 3600)::float as avg_hours,
                percentile_cont(0.5) within group (order by extract(epoch from resolved_at - created_at) / 3600)::float as median_hours
         from tickets_view where shop_id = ? and resolved_at >= ? and resolved_at < ?`,
        [this.shopId, p.from, p.to],
      ),
    ]);
    const periods = [...new Set([...opened, ...resolved].map((r) => String(r.period)))].sort();
    const of = (rows: Row[], period: string) => n(rows.find((r) => r.period === period)?.c);
    const round = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
    return {
      series: periods.map((period) => ({ period, opened: of(opened, period), resolved: of(resolved, period) })),
      by_priority: Object.fromEntries(byPriority.map((r) => [String(r.priority), n(r.c)])),
      resolution_hours: { average: round(resolution[0]?.avg_hours), median: round(resolution[0]?.median_hours) },
    };
  }

  async customerSeries(p: Period, group: Grouping) {
    if (!this.has('customers')) return null;
    const [fresh, totals] = await Promise.all([
      this.em.execute<Row[]>(
        `select ${bucket('created_at')} as period, count(*)::int as c from customers_view
         where shop_id = ? and created_at >= ? and created_at < ? group by 1 order by 1`,
        [group, p.zone, this.shopId, p.from, p.to],
      ),
      this.em.execute<Row[]>(
        `select count(*)::int as total, count(*) filter (where created_at < ? and last_contact_at >= ?)::int as returning
         from customers_view where shop_id = ?`,
        [p.from, p.from, this.shopId],
      ),
    ]);
    return {
      series: fresh.map((r) => ({ period: String(r.period), new: n(r.c) })),
      totals: {
        new: fresh.reduce((t, r) => t + n(r.c), 0),
        returning: n(totals[0]?.returning),
        total: n(totals[0]?.total),
      },
    };
  }

  /** Where credits went: messages by what sent them (billing source), and the ledger by kind. */
  async creditsUsage(p: Period) {
    const bySource = this.has('whatsapp_ops') ? await this.rollups.spendBySource(p.from, p.to) : null;
    return { by_source: bySource, ledger: await this.rollups.credits(p.from, p.to) };
  }

  /** Three counts, each an index range (one filtered pass would read every customer's row). */
  private async customerTotals(p: Period) {
    const count = async (where: string, params: unknown[]) =>
      n(
        (
          await this.em.execute<Row[]>(`select count(*)::int as n from customers_view where shop_id = ?${where}`, [
            this.shopId,
            ...params,
          ])
        )[0]?.n,
      );
    const inRange = ' and created_at >= ? and created_at < ?';
    const [newNow, newPrev, total] = await Promise.all([
      count(inRange, [p.from, p.to]),
      count(inRange, [p.previousFrom, p.previousTo]),
      count('', []),
    ]);
    return { new_now: newNow, new_prev: newPrev, total };
  }

  private async ticketTotals(p: Period) {
    const [row] = await this.em.execute<Row[]>(
      `select count(*) filter (where created_at >= ? and created_at < ?)::int as opened_now,
              count(*) filter (where created_at >= ? and created_at < ?)::int as opened_prev,
              count(*) filter (where resolved_at >= ? and resolved_at < ?)::int as resolved_now,
              count(*) filter (where resolved_at >= ? and resolved_at < ?)::int as resolved_prev,
              count(*) filter (where status in ('open', 'pending_notification'))::int as open_now
       from tickets_view where shop_id = ?`,
      [p.from, p.to, p.previousFrom, p.previousTo, p.from, p.to, p.previousFrom, p.previousTo, this.shopId],
    );
    return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, n(v)])) as Record<string, number>;
  }
}
