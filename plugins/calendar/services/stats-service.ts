import { DateTime } from 'luxon';
import { invalidArguments, type Services } from '../../../core/index.js';
import { localDate } from './local-time.js';
import { dayWindows } from './slots/day-windows.js';

export interface StatsArgs {
  calendar_id?: number;
  date_from?: string;
  date_to?: string;
}

/**
 * Figures for a period (default: the last 30 days up to today) of events starting in it: per
 * status and service, the no-show rate (no_show of completed + no_show), utilisation (minutes of
 * pending, confirmed, completed and no-show events over the calendar's open minutes; only with a
 * calendar_id, whose hours define "open") and the deliveries per status.
 */
export class CalendarStatsService {
  constructor(private readonly deps: Services) {}

  async stats(args: StatsArgs) {
    const calendar = args.calendar_id !== undefined ? await this.deps.calendarsService.get(args.calendar_id) : null;
    const zone = calendar?.timezone ?? this.deps.shop.timezone;
    const today = DateTime.now().setZone(zone).toISODate()!;
    const to = args.date_to ? localDate(args.date_to, zone, 'date_to') : today;
    const from = args.date_from
      ? localDate(args.date_from, zone, 'date_from')
      : DateTime.fromISO(to).minus({ days: 29 }).toISODate()!;
    if (from > to)
      throw invalidArguments('date_from must be on or before date_to.', [
        { path: 'date_from', message: 'after date_to' },
      ]);
    const fromAt = DateTime.fromISO(from, { zone }).toJSDate();
    const toAt = DateTime.fromISO(to, { zone }).plus({ days: 1 }).toJSDate();
    const shopId = this.deps.shop.id;
    const scope = calendar ? 'and e.calendar_id = ?' : '';
    const params = [shopId, fromAt, toAt, ...(calendar ? [calendar.id] : [])];
    const em = this.deps.em;
    const byStatus = await em.execute<{ status: string; n: string; minutes: string | null }[]>(
      `select e.status, count(*) n, sum(extract(epoch from (e.end_at - e.start_at)) / 60) minutes from calendar_events e
       where e.shop_id = ? and e.start_at >= ? and e.start_at < ? ${scope} group by e.status`,
      params,
    );
    const byService = await em.execute<{ service_id: number | null; service_name: string | null; n: string }[]>(
      `select e.service_id, max(e.service_name) service_name, count(*) n from calendar_events e
       where e.shop_id = ? and e.start_at >= ? and e.start_at < ? ${scope} group by e.service_id order by e.service_id nulls last`,
      params,
    );
    const deliveries = await em.execute<{ status: string; n: string }[]>(
      `select d.status, count(*) n from calendar_deliveries d join calendar_events e on e.id = d.event_id and e.shop_id = d.shop_id
       where d.shop_id = ? and e.start_at >= ? and e.start_at < ? ${scope} group by d.status`,
      params,
    );
    const count = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
    const attendedOrNot = count('completed') + count('no_show');
    const bookedMinutes = byStatus
      .filter((r) => r.status !== 'cancelled' && r.status !== 'rejected')
      .reduce((sum, r) => sum + Number(r.minutes ?? 0), 0);
    const openMinutes = calendar ? await this.openMinutes(calendar.id, zone, from, to) : null;
    return {
      calendar_id: calendar?.id ?? null,
      date_from: from,
      date_to: to,
      timezone: zone,
      events_total: byStatus.reduce((sum, r) => sum + Number(r.n), 0),
      by_status: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
      by_service: byService.map((r) => ({
        service_id: r.service_id === null ? null : Number(r.service_id),
        service_name: r.service_name ?? null,
        events: Number(r.n),
      })),
      no_show_rate: attendedOrNot === 0 ? null : count('no_show') / attendedOrNot,
      booked_minutes: Math.round(bookedMinutes),
      open_minutes: openMinutes,
      utilisation_percent: openMinutes ? Math.round((bookedMinutes / openMinutes) * 1000) / 10 : null,
      notifications: Object.fromEntries(deliveries.map((r) => [r.status, Number(r.n)])),
    };
  }

  private async openMinutes(calendarId: number, zone: string, from: string, to: string): Promise<number> {
    const rules = await this.deps.calendarAvailabilityService.forCalendar(calendarId);
    let total = 0;
    const last = DateTime.fromISO(to, { zone });
    for (let day = DateTime.fromISO(from, { zone }); day <= last; day = day.plus({ days: 1 }))
      for (const [s, e] of dayWindows(rules, day.toISODate()!, day.weekday % 7)) total += e - s;
    return total;
  }
}
