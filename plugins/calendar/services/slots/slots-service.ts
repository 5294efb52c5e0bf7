import { DateTime } from 'luxon';
import {
  asEntities,
  invalidArguments,
  notFound,
  sql,
  ToolError,
  formatShopTime,
  type Services,
} from '../../../../core/index.js';
import { AppointmentType } from '../../entities/appointment-type.entity.js';
import type { Calendar } from '../../entities/calendar.entity.js';
import { checkZone, localDate } from '../local-time.js';
import { computeSlots, type BusyEvent, type Slot, type SlotQuery } from './compute-slots.js';
import type { AvailabilityRule } from './day-windows.js';
import type { RuleType } from '../../entities/values.js';

/** The widest range get_calendar_available_slots answers for. */
export const MAX_RANGE_DAYS = 62;

export interface SlotsArgs {
  calendar_id: number;
  service_id: number;
  date_from: string;
  date_to?: string;
  agent_id?: number;
  timezone?: string;
}

const MINUTE = 60_000;

export interface SlotCheckOptions {
  /** The agent asked for. */
  agentId?: number;
  /** An event being moved does not compete with itself. */
  excludeEventId?: number;
}

/** What the slot maths needs of a service: a booked event's copy of it when it is moved. */
export type SlotService = SlotQuery['service'];

export const slotService = (s: SlotService): SlotService => ({
  id: s.id,
  durationMinutes: s.durationMinutes,
  bufferBeforeMinutes: s.bufferBeforeMinutes,
  bufferAfterMinutes: s.bufferAfterMinutes,
  maxConcurrent: s.maxConcurrent,
});

interface Loaded {
  rules: AvailabilityRule[];
  bookable: number[];
  busy: BusyEvent[];
}

const unavailable = (reason: string, message: string) => new ToolError('slot_unavailable', message, { reason });
export const slotFull = () => unavailable('taken', 'That slot is taken: the service is booked to capacity then.');

/** Free slots for the AI to offer, and the same check again for one slot when it is booked. */
export class CalendarSlotsService {
  constructor(private readonly deps: Services) {}

  async available(args: SlotsArgs) {
    const calendar = await this.deps.calendarsService.active(args.calendar_id);
    const service = await this.serviceOf(calendar, args.service_id);
    const display = checkZone(args.timezone ?? calendar.timezone);
    const from = localDate(args.date_from, calendar.timezone, 'date_from');
    const to = args.date_to
      ? localDate(args.date_to, calendar.timezone, 'date_to')
      : DateTime.fromISO(from).plus({ days: 6 }).toISODate()!;
    const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days + 1;
    if (days < 1 || days > MAX_RANGE_DAYS)
      throw invalidArguments(`date_to must be on or after date_from and at most ${MAX_RANGE_DAYS} days on.`, [
        { path: 'date_to', message: `1 to ${MAX_RANGE_DAYS} days from date_from` },
      ]);
    if (args.agent_id !== undefined) await this.deps.agentsService.get(args.agent_id);
    const slots = await this.compute(calendar, service, from, to, args.agent_id);
    return {
      calendar_id: calendar.id,
      service_id: service.id,
      date_from: from,
      date_to: to,
      timezone: display,
      slots: slots.map((s) => ({
        start: formatShopTime(new Date(s.startMs), display),
        end: formatShopTime(new Date(s.endMs), display),
        start_utc: new Date(s.startMs).toISOString(),
        end_utc: new Date(s.endMs).toISOString(),
        remaining_capacity: s.remainingCapacity,
        agent_ids: s.agentIds,
      })),
      count: slots.length,
    };
  }

  /**
   * The slot starting at `startMs`, checked as get_calendar_available_slots would offer it (the
   * caller holds the calendar's lock), or slot_unavailable with the reason.
   */
  async checkSlot(
    calendar: Calendar,
    service: SlotService,
    startMs: number,
    { agentId, excludeEventId }: SlotCheckOptions = {},
  ): Promise<Slot> {
    const now = Date.now();
    if (startMs < now + calendar.minNoticeMinutes * MINUTE)
      throw unavailable('too_soon', `Bookings need ${calendar.minNoticeMinutes} minutes' notice.`);
    if (startMs > now + calendar.maxAdvanceDays * 1440 * MINUTE)
      throw unavailable('too_far', `Bookings open ${calendar.maxAdvanceDays} days ahead at most.`);
    const date = DateTime.fromMillis(startMs, { zone: calendar.timezone }).toISODate()!;
    const loaded = await this.load(calendar, date, date, excludeEventId);
    // Booked to capacity is `taken` whatever the hours say, and the cheapest answer in a race.
    if (bookedOver(loaded.busy, service, startMs) >= service.maxConcurrent) throw slotFull();
    const at = (slots: Slot[]) => slots.find((s) => s.startMs === startMs);
    const base = this.query(calendar, service, date, date, loaded, agentId);
    const slot = at(computeSlots(base));
    if (slot) return slot;
    const open = computeSlots({ ...base, busy: [], bookableAgents: [], agentId: undefined });
    if (!at(open)) {
      const inside = open.some((s) => s.startMs <= startMs && startMs < s.endMs);
      throw inside
        ? unavailable(
            'not_on_grid',
            'That time is open but not a slot start; pick a start from get_calendar_available_slots.',
          )
        : unavailable('outside_hours', 'That time is outside the calendar’s hours.');
    }
    if (at(computeSlots({ ...base, bookableAgents: [], agentId: undefined })))
      throw unavailable('no_agent', agentId ? `Agent ${agentId} is not free then.` : 'No agent is free then.');
    throw unavailable('taken', 'That slot is taken: the service is booked to capacity or the calendar is busy then.');
  }

  /**
   * serviceOf, and whether the service is booked to capacity over the slot, in one statement: what
   * a booking checks before its transaction (checkSlot counts again under the calendar's lock).
   */
  async serviceAndFull(
    calendar: Calendar,
    serviceId: number,
    startMs: number,
  ): Promise<{ service: AppointmentType; full: boolean }> {
    const [row] = await sql<Record<string, unknown> & { booked_over_slot: number }>(
      this.deps.em,
      `select s.*, (select count(*)::int from calendar_events e
          where e.shop_id = s.shop_id and e.calendar_id = s.calendar_id and e.service_id = s.id
            and e.status in ('pending', 'confirmed')
            and e.start_at - make_interval(mins => e.buffer_before_minutes)
                < $3::timestamptz + make_interval(mins => s.duration_minutes + s.buffer_after_minutes)
            and e.end_at + make_interval(mins => e.buffer_after_minutes)
                > $3::timestamptz - make_interval(mins => s.buffer_before_minutes)) booked_over_slot
         from calendar_services s where s.shop_id = $1 and s.id = $2 and s.deleted_at is null`,
      [this.deps.shop.id, serviceId, new Date(startMs)],
    );
    if (!row) throw notFound('service', serviceId);
    const { booked_over_slot: booked, ...columns } = row;
    const service = this.ownService(calendar, asEntities(this.deps.em, AppointmentType, [columns])[0]!);
    return { service, full: booked >= service.maxConcurrent };
  }

  async serviceOf(calendar: Calendar, serviceId: number): Promise<AppointmentType> {
    return this.ownService(calendar, await this.deps.calendarServicesService.get(serviceId));
  }

  private ownService(calendar: Calendar, service: AppointmentType): AppointmentType {
    if (service.calendarId !== calendar.id)
      throw invalidArguments(`Service ${service.id} belongs to another calendar.`, [
        { path: 'service_id', message: `not a service of calendar ${calendar.id}` },
      ]);
    return service;
  }

  private async compute(calendar: Calendar, service: AppointmentType, from: string, to: string, agentId?: number) {
    return computeSlots(this.query(calendar, service, from, to, await this.load(calendar, from, to), agentId));
  }

  private query(
    calendar: Calendar,
    service: SlotService,
    from: string,
    to: string,
    { rules, busy, bookable }: Loaded,
    agentId?: number,
  ): SlotQuery {
    const now = Date.now();
    return {
      zone: calendar.timezone,
      fromDate: from,
      toDate: to,
      rules,
      busy,
      service: slotService(service),
      intervalMinutes: calendar.slotIntervalMinutes ?? service.durationMinutes,
      earliestMs: now + calendar.minNoticeMinutes * MINUTE,
      latestMs: now + calendar.maxAdvanceDays * 1440 * MINUTE,
      bookableAgents: bookable,
      ...(agentId !== undefined && { agentId }),
    };
  }

  /**
   * The calendar's rules, bookable agents and pending and confirmed events around the local dates,
   * in one statement: every slot listing and every booking under the lock reads them, and three
   * round trips (two through the ORM) were most of a booking's time on the lock.
   */
  private async load(calendar: Calendar, from: string, to: string, excludeEventId?: number): Promise<Loaded> {
    const [row] = (await sql<LoadedRow>(
      this.deps.em,
      `select
         (select coalesce(json_agg(json_build_array(rule_type, day_of_week, specific_date, start_time, end_time, is_available)
                   order by id), '[]')
            from calendar_availability_rules where shop_id = $1 and calendar_id = $2) rules,
         (select coalesce(json_agg(agent_id order by agent_id), '[]')
            from calendar_agents where shop_id = $1 and calendar_id = $2 and role in ('owner', 'can_book')) bookable,
         (select coalesce(json_agg(json_build_array(
                   (extract(epoch from start_at) * 1000)::bigint, (extract(epoch from end_at) * 1000)::bigint,
                   buffer_before_minutes, buffer_after_minutes, service_id, assigned_agent_id)), '[]')
            from calendar_events
            where shop_id = $1 and calendar_id = $2 and status in ('pending', 'confirmed')
              and start_at < $3 and end_at > $4 and id <> $5) busy`,
      [
        this.deps.shop.id,
        calendar.id,
        DateTime.fromISO(to, { zone: calendar.timezone }).plus({ days: 2 }).toJSDate(),
        DateTime.fromISO(from, { zone: calendar.timezone }).minus({ days: 1 }).toJSDate(),
        excludeEventId ?? 0,
      ],
    )) as [LoadedRow];
    return {
      rules: row.rules.map(([ruleType, dayOfWeek, specificDate, startTime, endTime, isAvailable]) => ({
        ruleType,
        dayOfWeek,
        specificDate,
        startTime,
        endTime,
        isAvailable,
      })),
      bookable: row.bookable,
      busy: row.busy.map(([startMs, endMs, bufferBeforeMinutes, bufferAfterMinutes, serviceId, agentId]) => ({
        startMs,
        endMs,
        bufferBeforeMinutes,
        bufferAfterMinutes,
        serviceId,
        agentId,
      })),
    };
  }
}

/** The service's pending and confirmed bookings over the slot, buffers on both sides counted. */
function bookedOver(busy: readonly BusyEvent[], service: SlotService, startMs: number): number {
  const from = startMs - service.bufferBeforeMinutes * MINUTE;
  const to = startMs + (service.durationMinutes + service.bufferAfterMinutes) * MINUTE;
  return busy.filter(
    (e) =>
      e.serviceId === service.id &&
      e.startMs - e.bufferBeforeMinutes * MINUTE < to &&
      e.endMs + e.bufferAfterMinutes * MINUTE > from,
  ).length;
}

/** load()'s row: json arrays, so that the three reads are one statement. */
interface LoadedRow {
  rules: [RuleType, number | null, string | null, string, string, boolean][];
  bookable: number[];
  busy: [number, number, number, number, number | null, number | null][];
}
