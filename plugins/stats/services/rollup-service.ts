import { DateTime } from 'luxon';
import type { CreditKind } from '../../../core/index.js';
import { StatsRollupState } from '../entities/stats-rollup-state.entity.js';
import { quietBefore, WRITERS_IN_RANGE } from './writers.js';
import { StatsReader } from './stats-reader.js';

/** Closed days are rolled again this many days back on every run: receipts (delivered, read) come late. */
const RE_ROLL_DAYS = 3;
/** Days one run rolls, so a shop's first run over a long history is spread over several. */
const MAX_DAYS_PER_RUN = 120;

export interface MessageTotals {
  inbound: number;
  outbound: number;
  automatic: number;
  failed: number;
  contacts: number;
}

type Row = Record<string, string | number | null>;
const n = (v: unknown) => Number(v ?? 0);
const LOCAL_DAY = `to_char(created_at at time zone ?, 'YYYY-MM-DD')`;
/** Bound where a part of a range is empty: no day is ≥ '' and < ''. */
const NO_DAYS = ['', ''];
const TABLES = [
  'stats_daily_messages',
  'stats_hourly_messages',
  'stats_daily_contacts',
  'stats_daily_spend',
  'stats_daily_credits',
] as const;
/** What sent a paid message: its billing source, else automatic or manual. */
const SOURCE = `coalesce(billing_source, case when automatic then 'automatic' else 'manual' end)`;
const PAID = `direction = 'outbound' and credits_charged > 0`;
/**
 * A set of messages' figures, the same in the daily rollup, the live tail and a line's series. A
 * message's status is its latest receipt, and a read message was delivered first: delivered counts
 * it too, so read ≤ delivered ≤ outbound always holds.
 */
const MESSAGE_SUMS = `count(*) filter (where direction = 'inbound') as inbound, count(*) filter (where direction = 'outbound') as outbound,
  count(*) filter (where direction = 'outbound' and automatic) as automatic, count(*) filter (where status = 'failed') as failed,
  count(*) filter (where direction = 'outbound' and status in ('delivered', 'read')) as delivered,
  count(*) filter (where direction = 'outbound' and status = 'read') as read,
  coalesce(sum(credits_charged), 0) as credits`;
const SERIES_FIELDS = ['inbound', 'outbound', 'automatic', 'failed', 'delivered', 'read', 'credits'] as const;
export type SeriesRow = { period: string } & Record<(typeof SERIES_FIELDS)[number], number>;
/** The local bucket of a timestamp column, as YYYY-MM-DD (the day, the week's Monday, the month's first). */
const bucket = (column: string) => `to_char(date_trunc(?, ${column}), 'YYYY-MM-DD')`;

/** A range split where the rollups end: whole rolled days, then the rest read live. */
interface Split {
  firstDay: string;
  rolled: [string, string] | null;
  live: [Date, Date] | null;
}

/**
 * Daily rollups of a shop's messages, writers and credits ledger, so a year of dashboard takes as
 * long as a day: every closed local day summed once (and the last few again, for late receipts);
 * today, and whatever is not rolled yet, is read live. A change of the shop's timezone starts the
 * rollups again, since its days are other days.
 */
export class StatsRollupService extends StatsReader {
  private get zone(): string {
    return this.deps.shop.timezone;
  }

  private get hasMessages(): boolean {
    return this.has('whatsapp_ops');
  }

  /** Rolls the days due (up to yesterday); returns how many days it rolled. */
  async roll(): Promise<number> {
    const today = DateTime.now().setZone(this.zone).startOf('day');
    let state = await this.em.findOne(StatsRollupState, {});
    if (state && state.zone !== this.zone) {
      for (const table of TABLES) await this.em.execute(`delete from ${table} where shop_id = ?`, [this.shopId]);
      this.em.remove(state);
      await this.em.flush();
      state = null;
    }
    const start = state
      ? DateTime.fromISO(state.rolledUntil, { zone: this.zone }).minus({ days: RE_ROLL_DAYS })
      : await this.firstDay(today);
    const end = DateTime.min(today, start.plus({ days: MAX_DAYS_PER_RUN }));
    if (end > start) {
      const days = [start.toISODate()!, end.toISODate()!];
      for (const table of TABLES)
        await this.em.execute(`delete from ${table} where shop_id = ? and day >= ? and day < ?`, [
          this.shopId,
          ...days,
        ]);
      const range = [start.toJSDate(), end.toJSDate()] as const;
      if (this.hasMessages) await this.rollMessages(range, days);
      await this.rollCredits(range);
    }
    const rolledUntil = end.toISODate()!;
    if (!state) this.em.create(StatsRollupState, { zone: this.zone, rolledUntil } as StatsRollupState);
    else if (rolledUntil > state.rolledUntil) state.rolledUntil = rolledUntil;
    await this.em.flush();
    return Math.max(0, Math.round(end.diff(start, 'days').days));
  }

  /** Message totals over [from, to) — whole local days — from the rollups where they exist, live elsewhere. */
  async totals(from: Date, to: Date): Promise<MessageTotals> {
    const { firstDay, rolled, live } = await this.split(from, to);
    const [sums] = await this.em.execute<Row[]>(
      `select coalesce(sum(inbound), 0)::bigint as inbound, coalesce(sum(outbound), 0)::bigint as outbound,
              coalesce(sum(automatic), 0)::bigint as automatic, coalesce(sum(failed), 0)::bigint as failed,
              ${WRITERS_IN_RANGE} as contacts
       from stats_daily_messages where shop_id = ? and day >= ? and day < ?`,
      [firstDay, this.shopId, ...(rolled ?? NO_DAYS)],
    );
    // The live part's writers count only when they did not write on a rolled day of the range.
    const [now] = live
      ? await this.em.execute<Row[]>(
          `select ${MESSAGE_SUMS},
                  count(distinct phone) filter (where direction = 'inbound' and not exists (
                    select 1 from stats_daily_contacts c where c.shop_id = m.shop_id and c.phone = m.phone and c.day >= ? and c.day < ?)) as contacts
           from chatapp_messages_view m where shop_id = ? and created_at >= ? and created_at < ?`,
          [...(rolled ?? NO_DAYS), this.shopId, ...live],
        )
      : [{}];
    const add = (k: string) => n(sums?.[k]) + n((now as Row)[k]);
    return {
      inbound: add('inbound'),
      outbound: add('outbound'),
      automatic: add('automatic'),
      failed: add('failed'),
      contacts: add('contacts'),
    };
  }

  /** The credits ledger's sums per kind over [from, to), as `credits.totals` gives them. */
  async credits(from: Date, to: Date): Promise<Partial<Record<CreditKind, number>>> {
    const { rolled, live } = await this.split(from, to);
    const rows = rolled
      ? await this.em.execute<Row[]>(
          `select kind, sum(amount)::bigint as total from stats_daily_credits where shop_id = ? and day >= ? and day < ? group by kind`,
          [this.shopId, ...rolled],
        )
      : [];
    const sums: Partial<Record<CreditKind, number>> = live ? await this.deps.credits.totals(...live) : {};
    for (const r of rows) sums[r.kind as CreditKind] = (sums[r.kind as CreditKind] ?? 0) + n(r.total);
    return sums;
  }

  /** Messages per day, week or month over [from, to), rolled days summed and the rest counted live. */
  async series(from: Date, to: Date, group: string): Promise<SeriesRow[]> {
    const { rolled, live } = await this.split(from, to);
    const sums = SERIES_FIELDS.map((f) => `sum(${f})::bigint as ${f}`).join(', ');
    const rows = [
      ...(rolled
        ? await this.em.execute<Row[]>(
            `select ${bucket('day::date')} as period, ${sums} from stats_daily_messages
             where shop_id = ? and day >= ? and day < ? group by 1`,
            [group, this.shopId, ...rolled],
          )
        : []),
      ...(live ? await this.counted(live[0], live[1], group) : []),
    ];
    const byPeriod = new Map<string, SeriesRow>();
    for (const r of rows) {
      const period = String(r.period);
      const into =
        byPeriod.get(period) ?? ({ period, ...Object.fromEntries(SERIES_FIELDS.map((f) => [f, 0])) } as SeriesRow);
      for (const f of SERIES_FIELDS) into[f] += n(r[f]);
      byPeriod.set(period, into);
    }
    return [...byPeriod.values()].sort((a, b) => a.period.localeCompare(b.period));
  }

  /** One line's messages per day, week or month, counted from the rows (the rollups are per shop). */
  async lineSeries(from: Date, to: Date, group: string, sessionId: number): Promise<SeriesRow[]> {
    return (await this.counted(from, to, group, sessionId))
      .map(
        (r) =>
          ({ period: String(r.period), ...Object.fromEntries(SERIES_FIELDS.map((f) => [f, n(r[f])])) }) as SeriesRow,
      )
      .sort((a, b) => a.period.localeCompare(b.period));
  }

  private counted(from: Date, to: Date, group: string, sessionId?: number): Promise<Row[]> {
    return this.em.execute<Row[]>(
      `select ${bucket('(created_at at time zone ?)')} as period, ${MESSAGE_SUMS}
       from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ?${sessionId ? ' and session_id = ?' : ''}
       group by 1`,
      [group, this.zone, this.shopId, from, to, ...(sessionId ? [sessionId] : [])],
    );
  }

  /** Paid messages and their credits by what sent them over [from, to), most credits first. */
  async spendBySource(from: Date, to: Date): Promise<{ source: string; messages: number; credits: number }[]> {
    const { rolled, live } = await this.split(from, to);
    const rows = await this.em.execute<Row[]>(
      `select source, sum(messages)::bigint as messages, sum(credits)::bigint as credits from (
         select source, messages, credits from stats_daily_spend where shop_id = ? and day >= ? and day < ?
         union all
         select ${SOURCE}, 1, credits_charged from chatapp_messages_view
         where shop_id = ? and created_at >= ? and created_at < ? and ${PAID}) paid
       group by 1 order by 3 desc, 1`,
      [this.shopId, ...(rolled ?? NO_DAYS), this.shopId, ...(live ?? [to, to])],
    );
    return rows.map((r) => ({ source: String(r.source), messages: n(r.messages), credits: n(r.credits) }));
  }

  /** Messages by local weekday (1 Monday) and hour over [from, to), in one direction or both. */
  async hours(
    from: Date,
    to: Date,
    direction?: 'inbound' | 'outbound',
  ): Promise<{ d: number; h: number; c: number }[]> {
    const { rolled, live } = await this.split(from, to);
    const rolledCount = { inbound: 'inbound', outbound: 'outbound', both: 'inbound + outbound' }[direction ?? 'both'];
    const rows = [
      ...(rolled
        ? await this.em.execute<Row[]>(
            `select extract(isodow from day::date)::int as d, hour as h, sum(${rolledCount})::bigint as c
             from stats_hourly_messages where shop_id = ? and day >= ? and day < ? group by 1, 2`,
            [this.shopId, ...rolled],
          )
        : []),
      ...(live
        ? await this.em.execute<Row[]>(
            `select extract(isodow from created_at at time zone ?)::int as d, extract(hour from created_at at time zone ?)::int as h, count(*) as c
             from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ?${direction ? ' and direction = ?' : ''}
             group by 1, 2`,
            [this.zone, this.zone, this.shopId, ...live, ...(direction ? [direction] : [])],
          )
        : []),
    ];
    return rows.map((r) => ({ d: n(r.d), h: n(r.h), c: n(r.c) }));
  }

  private async split(from: Date, to: Date): Promise<Split> {
    const state = await this.em.findOne(StatsRollupState, { zone: this.zone });
    const cutoff = state ? DateTime.fromISO(state.rolledUntil, { zone: this.zone }).toJSDate() : from;
    const rolledTo = cutoff < to ? cutoff : to;
    const liveFrom = cutoff > from ? cutoff : from;
    const day = (d: Date) => DateTime.fromJSDate(d, { zone: this.zone }).toISODate()!;
    return {
      firstDay: day(from),
      rolled: rolledTo > from ? [day(from), day(rolledTo)] : null,
      live: liveFrom < to ? [liveFrom, to] : null,
    };
  }

  /** Where a shop's first run starts: its creation day, or its first message when that is older (imports). */
  private async firstDay(today: DateTime): Promise<DateTime> {
    let first = DateTime.fromJSDate((await this.deps.shopProfile.get()).createdAt, { zone: this.zone });
    if (this.hasMessages) {
      const [row] = await this.em.execute<{ first: Date | null }[]>(
        'select min(created_at) as first from chatapp_messages_view where shop_id = ?',
        [this.shopId],
      );
      if (row?.first) first = DateTime.min(first, DateTime.fromJSDate(new Date(row.first), { zone: this.zone }));
    }
    return DateTime.min(first.startOf('day'), today);
  }

  private async rollMessages(range: readonly [Date, Date], days: string[]): Promise<void> {
    const between = [this.zone, this.shopId, ...range];
    await this.em.execute(
      `insert into stats_daily_messages (shop_id, day, inbound, outbound, automatic, failed, delivered, read, credits, writers)
       select shop_id, ${LOCAL_DAY}, ${MESSAGE_SUMS}, '{}'
       from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? group by 1, 2`,
      between,
    );
    await this.em.execute(
      `insert into stats_hourly_messages (shop_id, day, hour, inbound, outbound)
       select shop_id, ${LOCAL_DAY}, extract(hour from created_at at time zone ?),
              count(*) filter (where direction = 'inbound'), count(*) filter (where direction = 'outbound')
       from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? group by 1, 2, 3`,
      [this.zone, ...between],
    );
    await this.em.execute(
      `insert into stats_daily_spend (shop_id, day, source, messages, credits)
       select shop_id, ${LOCAL_DAY}, ${SOURCE}, count(*), sum(credits_charged)
       from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? and ${PAID} group by 1, 2, 3`,
      between,
    );
    await this.em.execute(
      `insert into stats_daily_contacts (shop_id, day, phone)
       select distinct shop_id, ${LOCAL_DAY}, phone
       from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? and direction = 'inbound'`,
      between,
    );
    // Each writer's gap since the day they wrote before (0: never), counted per day.
    const gaps = await this.em.execute<{ day: string; gap: number; n: number }[]>(
      `select c.day, coalesce(c.day::date - (select max(p.day) from stats_daily_contacts p
                where p.shop_id = c.shop_id and p.phone = c.phone and p.day < c.day)::date, 0)::int as gap, count(*)::int as n
       from stats_daily_contacts c where c.shop_id = ? and c.day >= ? and c.day < ? group by 1, 2`,
      [this.shopId, ...days],
    );
    const byDay = new Map<string, Map<number, number>>();
    for (const g of gaps) {
      if (!byDay.has(g.day)) byDay.set(g.day, new Map());
      byDay.get(g.day)!.set(g.gap, g.n);
    }
    if (byDay.size === 0) return;
    const writers = Object.fromEntries([...byDay].map(([day, counts]) => [day, quietBefore(counts)]));
    await this.em.execute(
      `update stats_daily_messages m set writers = v.writers
       from (select key as day, array(select jsonb_array_elements_text(value)::int) as writers from jsonb_each(?::jsonb)) v
       where m.shop_id = ? and m.day = v.day`,
      [JSON.stringify(writers), this.shopId],
    );
  }

  private async rollCredits(range: readonly [Date, Date]): Promise<void> {
    const sums = await this.deps.credits.dailyTotals(range[0], range[1], this.zone);
    if (sums.length === 0) return;
    await this.em.execute(
      `insert into stats_daily_credits (shop_id, day, kind, amount)
       select ?, x.day, x.kind, x.total from jsonb_to_recordset(?::jsonb) as x(day text, kind text, total bigint)`,
      [this.shopId, JSON.stringify(sums)],
    );
  }
}
