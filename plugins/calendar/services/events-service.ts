import { DateTime } from 'luxon';
import {
  invalidArguments,
  normalizePhone,
  notFound,
  pageOf,
  type Paging,
  parseShopTime,
  type Services,
} from '../../../core/index.js';
import { Calendar } from '../entities/calendar.entity.js';
import { CalendarEvent } from '../entities/calendar-event.entity.js';
import type { EventStatus } from '../entities/values.js';
import { eventStatus } from './event-status.js';
import { localDate } from './local-time.js';
import { deliveryPayload, eventPayload } from './payloads.js';
import { icsFor, newIcsUid } from './ics.js';
import { requireChanges } from './require-changes.js';

export interface PlainEventArgs {
  title: string;
  start_datetime: string;
  end_datetime?: string;
  description?: string;
  phone?: string;
  assigned_agent_id?: number;
  agent_id?: number;
  all_day?: number;
}

export interface EventFilters {
  calendar_id?: number;
  date_from?: string;
  date_to?: string;
  agent_id?: number;
  phone?: string;
  status?: EventStatus;
  service_id?: number;
}

export interface EventChanges {
  title?: string;
  description?: string | null;
  phone?: string | null;
  assigned_agent_id?: number | null;
  calendar_id?: number;
}

const HOUR = 3_600_000;

/** The longest range export_calendar_ics writes at once. */
const MAX_EXPORT_DAYS = 366;

/** Events: plain ones (create_calendar_event), listing, reading and changing what is not their time. */
export class CalendarEventsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /** Merged customers: the secondary's bookings (and the messages still to come for them) go to the primary's phone. */
  async customersMerged(e: { primary_phone: string; secondary_phone: string }): Promise<void> {
    await this.em.nativeUpdate(
      CalendarEvent,
      { phone: e.secondary_phone },
      { phone: e.primary_phone, updatedAt: new Date() },
    );
  }

  async get(id: number): Promise<CalendarEvent> {
    const event = await this.em.findOne(CalendarEvent, { id });
    if (!event) throw notFound('event', id);
    return event;
  }

  /**
   * A plain event in the default calendar (made when the shop has none), confirmed at once; it
   * holds its time against bookings. all_day 1 spans whole local days: from the start's date to
   * the end's date (or the start's), inclusive.
   */
  async createPlain(args: PlainEventArgs) {
    if (args.agent_id !== undefined && args.assigned_agent_id !== undefined && args.agent_id !== args.assigned_agent_id)
      throw invalidArguments('agent_id and assigned_agent_id name different agents; give one.', [
        { path: 'agent_id', message: 'differs from assigned_agent_id' },
      ]);
    const agentId = args.assigned_agent_id ?? args.agent_id;
    const calendar = await this.deps.calendarsService.defaultCalendar();
    const zone = calendar.timezone;
    let startAt: Date;
    let endAt: Date;
    if (args.all_day === 1) {
      const first = localDate(args.start_datetime, zone, 'start_datetime');
      const last = args.end_datetime ? localDate(args.end_datetime, zone, 'end_datetime') : first;
      startAt = DateTime.fromISO(first, { zone }).toJSDate();
      endAt = DateTime.fromISO(last, { zone }).plus({ days: 1 }).toJSDate();
    } else {
      startAt = parseShopTime(args.start_datetime, zone, 'start_datetime');
      endAt = args.end_datetime
        ? parseShopTime(args.end_datetime, zone, 'end_datetime')
        : new Date(startAt.getTime() + HOUR);
    }
    if (endAt <= startAt)
      throw invalidArguments('end_datetime must be after start_datetime.', [
        { path: 'end_datetime', message: 'must be after start_datetime' },
      ]);
    if (agentId !== undefined)
      await this.deps.calendarAgentsService.checkAssignable(
        calendar.id,
        agentId,
        args.agent_id !== undefined ? 'agent_id' : 'assigned_agent_id',
      );
    const event = this.em.create(CalendarEvent, {
      calendarId: calendar.id,
      serviceId: null,
      serviceName: null,
      title: args.title,
      description: args.description ?? null,
      phone: args.phone ? normalizePhone(args.phone) : null,
      customerName: null,
      customerEmail: null,
      notes: null,
      assignedAgentId: agentId ?? null,
      startAt,
      endAt,
      allDay: args.all_day === 1,
      bufferBeforeMinutes: 0,
      bufferAfterMinutes: 0,
      price: null,
      currency: null,
      status: 'confirmed',
      idempotencyKey: null,
      icsUid: newIcsUid(),
      icsSequence: 0,
      cancelReason: null,
    } as CalendarEvent);
    await this.em.flush();
    await this.deps.calendarDeliveriesService.plan(event, ['confirmation', 'reminder']);
    return { event: eventPayload(event, zone) };
  }

  async list(filters: EventFilters, paging: Paging) {
    const zoneOf = await this.zones();
    const where: Record<string, unknown> = {};
    if (filters.calendar_id !== undefined) where.calendarId = filters.calendar_id;
    if (filters.agent_id !== undefined) where.assignedAgentId = filters.agent_id;
    if (filters.phone !== undefined) where.phone = normalizePhone(filters.phone);
    if (filters.status !== undefined) where.status = filters.status;
    if (filters.service_id !== undefined) where.serviceId = filters.service_id;
    // Date bounds are local dates of the calendar asked for (else the shop's zone).
    const zone = filters.calendar_id !== undefined ? zoneOf(filters.calendar_id) : this.deps.shop.timezone;
    if (filters.date_to !== undefined)
      where.startAt = {
        $lt: DateTime.fromISO(localDate(filters.date_to, zone, 'date_to'), { zone })
          .plus({ days: 1 })
          .toJSDate(),
      };
    if (filters.date_from !== undefined)
      where.endAt = { $gt: DateTime.fromISO(localDate(filters.date_from, zone, 'date_from'), { zone }).toJSDate() };
    const [rows, count] = await this.em.findAndCount(CalendarEvent, where, {
      orderBy: { startAt: 'asc', id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf(
      'events',
      rows.map((e) => eventPayload(e, zoneOf(e.calendarId))),
      count,
      paging,
    );
  }

  async detail(id: number) {
    const event = await this.get(id);
    const calendar = await this.deps.calendarsService.get(event.calendarId);
    const deliveries = await this.deps.calendarDeliveriesService.forEvent(id);
    return {
      ...eventPayload(event, calendar.timezone),
      deliveries: deliveries.map(deliveryPayload),
      ics_uid: event.icsUid,
      ics_sequence: event.icsSequence,
    };
  }

  /** What an event is about and who attends it; its time changes only by reschedule. */
  async update(id: number, changes: EventChanges) {
    const event = await this.get(id);
    requireChanges(changes, 'event_id');
    eventStatus.assertCan('update', event);
    let calendar: Calendar = await this.deps.calendarsService.get(event.calendarId);
    if (changes.calendar_id !== undefined && changes.calendar_id !== event.calendarId) {
      if (event.serviceId !== null && event.serviceId !== undefined)
        throw invalidArguments(
          'A booking belongs to its service’s calendar; cancel and book again in the other calendar.',
          [{ path: 'calendar_id', message: 'only plain events move between calendars' }],
        );
      calendar = await this.deps.calendarsService.active(changes.calendar_id);
      event.calendarId = calendar.id;
      if (changes.assigned_agent_id === undefined) event.assignedAgentId = null;
    }
    if (changes.assigned_agent_id !== undefined && changes.assigned_agent_id !== null)
      await this.deps.calendarAgentsService.checkAssignable(
        calendar.id,
        changes.assigned_agent_id,
        'assigned_agent_id',
      );
    if (changes.assigned_agent_id !== undefined) event.assignedAgentId = changes.assigned_agent_id;
    if (changes.title !== undefined) event.title = changes.title;
    if (changes.description !== undefined) event.description = changes.description;
    if (changes.phone !== undefined) {
      event.phone = changes.phone === null ? null : normalizePhone(changes.phone);
      await this.deps.calendarDeliveriesService.cancelScheduled(id, 'the phone changed');
      await this.em.flush();
      await this.deps.calendarDeliveriesService.plan(event, ['reminder']);
    }
    await this.em.flush();
    return { event: eventPayload(event, calendar.timezone) };
  }

  /** iCalendar text for one event, or a calendar's events over local dates (default the next 30 days). */
  async exportIcs(args: { calendar_id?: number; event_id?: number; date_from?: string; date_to?: string }) {
    if (args.event_id !== undefined) {
      const event = await this.get(args.event_id);
      const calendar = await this.deps.calendarsService.get(event.calendarId);
      const method = event.status === 'cancelled' || event.status === 'rejected' ? 'CANCEL' : 'REQUEST';
      return { ics: icsFor([event], calendar, method), mime_type: 'text/calendar' as const, method, events: 1 };
    }
    if (args.calendar_id === undefined)
      throw invalidArguments('Give calendar_id (a range of its events) or event_id (one event).', [
        { path: 'calendar_id', message: 'or event_id is required' },
      ]);
    const calendar = await this.deps.calendarsService.get(args.calendar_id);
    const zone = calendar.timezone;
    const from = args.date_from
      ? localDate(args.date_from, zone, 'date_from')
      : DateTime.now().setZone(zone).toISODate()!;
    const to = args.date_to
      ? localDate(args.date_to, zone, 'date_to')
      : DateTime.fromISO(from).plus({ days: 30 }).toISODate()!;
    const days = DateTime.fromISO(to).diff(DateTime.fromISO(from), 'days').days + 1;
    if (days < 1 || days > MAX_EXPORT_DAYS)
      throw invalidArguments(`date_to must be on or after date_from and at most ${MAX_EXPORT_DAYS} days on.`, [
        { path: 'date_to', message: `1 to ${MAX_EXPORT_DAYS} days from date_from` },
      ]);
    const events = await this.em.find(
      CalendarEvent,
      {
        calendarId: calendar.id,
        startAt: { $lt: DateTime.fromISO(to, { zone }).plus({ days: 1 }).toJSDate() },
        endAt: { $gt: DateTime.fromISO(from, { zone }).toJSDate() },
      },
      { orderBy: { startAt: 'asc', id: 'asc' } },
    );
    return {
      ics: icsFor(events, calendar, 'PUBLISH'),
      mime_type: 'text/calendar' as const,
      method: 'PUBLISH' as const,
      events: events.length,
    };
  }

  /** calendar id → its timezone, for showing events of several calendars at once. */
  private async zones(): Promise<(calendarId: number) => string> {
    const calendars = await this.em.find(Calendar, {}, { fields: ['id', 'timezone'] });
    const map = new Map(calendars.map((c) => [c.id, c.timezone]));
    return (id) => map.get(id) ?? this.deps.shop.timezone;
  }
}
