import { DateTime } from 'luxon';
import type { EntityManager, Services } from '../../../core/index.js';
import { StatsRollupState } from '../entities/stats-rollup-state.entity.js';

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

/**
 * Daily rollups of a shop's messages, so a year of dashboard takes as long as a day: every closed
 * local day summed once (and the last few again, for late receipts), distinct writers kept per day;
 * today, and whatever is not rolled yet, is read live. A change of the shop's timezone starts the
 * rollups again, since its days are other days.
 */
export class StatsRollupService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  private get zone(): string {
    return this.deps.shop.timezone;
  }

  /** Rolls the days due (up to yesterday); returns how many days it rolled. */
  async roll(): Promise<number> {
    const shopId = this.deps.shop.id;
    const today = DateTime.now().setZone(this.zone).startOf('day');
    let state = await this.em.findOne(StatsRollupState, {});
    if (state && state.zone !== this.zone) {
      await this.em.execute('delete from stats_daily_messages where shop_id = ?', [shopId]);
      await this.em.execute('delete from stats_daily_contacts where shop_id = ?', [shopId]);
      this.em.remove(state);
      await this.em.flush();
      state = null;
    }
    let start: DateTime;
    if (state) start = DateTime.fromISO(state.rolledUntil, { zone: this.zone }).minus({ days: RE_ROLL_DAYS });
    else {
      const [row] = await this.em.execute<{ first: Date | null }[]>(
        'select min(created_at) as first from chatapp_messages_view where shop_id = ?',
        [shopId],
      );
      start = row?.first ? DateTime.fromJSDate(new Date(row.first), { zone: this.zone }).startOf('day') : today;
    }
    const end = DateTime.min(today, start.plus({ days: MAX_DAYS_PER_RUN }));
    if (end > start) {
      const [fromDay, toDay] = [start.toISODate()!, end.toISODate()!];
      const range = [shopId, start.toJSDate(), end.toJSDate()];
      await this.em.execute('delete from stats_daily_messages where shop_id = ? and day >= ? and day < ?', [
        shopId,
        fromDay,
        toDay,
      ]);
      await this.em.execute('delete from stats_daily_contacts where shop_id = ? and day >= ? and day < ?', [
        shopId,
        fromDay,
        toDay,
      ]);
      await this.em.execute(
        `insert into stats_daily_messages (shop_id, day, inbound, outbound, automatic, failed, delivered, read, credits)
         select shop_id, ${LOCAL_DAY},
                count(*) filter (where direction = 'inbound'), count(*) filter (where direction = 'outbound'),
                count(*) filter (where direction = 'outbound' and automatic), count(*) filter (where status = 'failed'),
                count(*) filter (where status = 'delivered'), count(*) filter (where status = 'read'),
                coalesce(sum(credits_charged), 0)
         from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? group by 1, 2`,
        [this.zone, ...range],
      );
      await this.em.execute(
        `insert into stats_daily_contacts (shop_id, day, phone)
         select distinct shop_id, ${LOCAL_DAY}, phone
         from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ? and direction = 'inbound'`,
        [this.zone, ...range],
      );
    }
    const rolledUntil = end.toISODate()!;
    if (!state) this.em.create(StatsRollupState, { zone: this.zone, rolledUntil } as StatsRollupState);
    else if (rolledUntil > state.rolledUntil) state.rolledUntil = rolledUntil;
    await this.em.flush();
    return Math.max(0, Math.round(end.diff(start, 'days').days));
  }

  /** Message totals over [from, to) — whole local days — from the rollups where they exist, live elsewhere. */
  async totals(from: Date, to: Date): Promise<MessageTotals> {
    const shopId = this.deps.shop.id;
    const state = await this.em.findOne(StatsRollupState, { zone: this.zone });
    const cutoff = state ? DateTime.fromISO(state.rolledUntil, { zone: this.zone }).toJSDate() : from;
    const rolledTo = cutoff < to ? cutoff : to;
    const liveFrom = cutoff > from ? cutoff : from;
    const day = (d: Date) => DateTime.fromJSDate(d, { zone: this.zone }).toISODate()!;
    const rolled = rolledTo > from ? [day(from), day(rolledTo)] : null;
    const live = liveFrom < to ? [liveFrom, to] : null;
    const [sums] = await this.em.execute<Row[]>(
      `select coalesce(sum(inbound), 0)::bigint as inbound, coalesce(sum(outbound), 0)::bigint as outbound,
              coalesce(sum(automatic), 0)::bigint as automatic, coalesce(sum(failed), 0)::bigint as failed
       from stats_daily_messages where shop_id = ? and day >= ? and day < ?`,
      [shopId, ...(rolled ?? ['', ''])],
    );
    const [now] = live
      ? await this.em.execute<Row[]>(
          `select count(*) filter (where direction = 'inbound') as inbound, count(*) filter (where direction = 'outbound') as outbound,
                  count(*) filter (where direction = 'outbound' and automatic) as automatic, count(*) filter (where status = 'failed') as failed
           from chatapp_messages_view where shop_id = ? and created_at >= ? and created_at < ?`,
          [shopId, ...live],
        )
      : [{}];
    const [contacts] = await this.em.execute<Row[]>(
      `select count(*)::int as n from (
         select phone from stats_daily_contacts where shop_id = ? and day >= ? and day < ?
         union
         select phone from chatapp_messages_view where shop_id = ? and direction = 'inbound' and created_at >= ? and created_at < ?) writers`,
      [shopId, ...(rolled ?? ['', '']), shopId, ...(live ?? [to, to])],
    );
    const add = (k: string) => n(sums?.[k]) + n((now as Row)[k]);
    return {
      inbound: add('inbound'),
      outbound: add('outbound'),
      automatic: add('automatic'),
      failed: add('failed'),
      contacts: n(contacts?.n),
    };
  }
}
