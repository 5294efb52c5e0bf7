import {
  invalidArguments,
  invalidState,
  notFound,
  pageOf,
  sql,
  asEntities,
  type Paging,
  type Services,
} from '../../../core/index.js';
import { AppointmentType } from '../entities/appointment-type.entity.js';
import { Calendar } from '../entities/calendar.entity.js';
import { CalendarAgent } from '../entities/calendar-agent.entity.js';
import { CalendarDelivery } from '../entities/calendar-delivery.entity.js';
import { CalendarEvent } from '../entities/calendar-event.entity.js';
import { CalendarNotification } from '../entities/calendar-notification.entity.js';
import { CalendarRule } from '../entities/calendar-rule.entity.js';
import { HOLDING_STATUSES } from '../entities/values.js';
import { checkZone } from './local-time.js';
import { calendarAgentPayload, calendarPayload, notificationPayload, rulePayload, servicePayload } from './payloads.js';
import { requireChanges } from './require-changes.js';

export interface CalendarFields {
  name?: string;
  description?: string | null;
  timezone?: string;
  slot_interval_minutes?: number | null;
  min_notice_minutes?: number;
  max_advance_days?: number;
  is_active?: boolean;
  is_default?: boolean;
}

/** Only one process at a time makes a shop's first (default) calendar. */
const DEFAULT_LOCK_SQL = `select pg_advisory_xact_lock(hashtext('calendar.default'), ?)`;

/** Calendars: their settings, the default one, and their removal with everything in them. */
export class CalendarsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async create(fields: CalendarFields & { name: string }): Promise<Calendar> {
    await this.em.execute(DEFAULT_LOCK_SQL, [this.deps.shop.id]);
    const first = (await this.em.count(Calendar, {})) === 0;
    const calendar = this.em.create(Calendar, {
      name: fields.name,
      description: fields.description ?? null,
      timezone: checkZone(fields.timezone ?? this.deps.shop.timezone),
      slotIntervalMinutes: fields.slot_interval_minutes ?? null,
      minNoticeMinutes: fields.min_notice_minutes ?? 120,
      maxAdvanceDays: fields.max_advance_days ?? 60,
      isActive: fields.is_active ?? true,
      isDefault: first || fields.is_default === true,
    } as Calendar);
    if (calendar.isDefault && !first) await this.clearDefault();
    await this.em.flush();
    return calendar;
  }

  /** Read with a plain statement as an entity: every booking reads its calendar, and findOne costs several times more. */
  async get(id: number): Promise<Calendar> {
    const [row] = await sql(this.em, 'select * from calendar_calendars where shop_id = $1 and id = $2', [
      this.deps.shop.id,
      id,
    ]);
    if (!row) throw notFound('calendar', id);
    return asEntities(this.em, Calendar, [row])[0]!;
  }

  /** A calendar that takes bookings and events. */
  async active(id: number): Promise<Calendar> {
    const calendar = await this.get(id);
    if (!calendar.isActive)
      throw invalidState(`Calendar ${id} is inactive; activate it with update_calendar first.`, {
        current_status: 'inactive',
        allowed: ['active'],
      });
    return calendar;
  }

  /** The calendar create_calendar_event writes to, made (named for the shop) when the shop has none. */
  async defaultCalendar(): Promise<Calendar> {
    const existing = await this.em.findOne(Calendar, { isDefault: true });
    if (existing) return existing;
    await this.em.execute(DEFAULT_LOCK_SQL, [this.deps.shop.id]);
    return (
      (await this.em.findOne(Calendar, { isDefault: true }, { refresh: true })) ??
      this.create({ name: this.deps.shop.name, is_default: true })
    );
  }

  async list(filters: { is_active?: boolean }, paging: Paging) {
    const where = filters.is_active === undefined ? {} : { isActive: filters.is_active };
    const [rows, count] = await this.em.findAndCount(Calendar, where, {
      orderBy: { id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('calendars', rows.map(calendarPayload), count, paging);
  }

  async detail(id: number) {
    const calendar = await this.get(id);
    const rules = await this.em.find(CalendarRule, { calendarId: id }, { orderBy: { id: 'asc' } });
    const services = await this.em.find(
      AppointmentType,
      { calendarId: id, deletedAt: null },
      { orderBy: { id: 'asc' } },
    );
    const notifications = await this.em.find(CalendarNotification, { calendarId: id }, { orderBy: { id: 'asc' } });
    const agents = await this.em.find(CalendarAgent, { calendarId: id }, { orderBy: { agentId: 'asc' } });
    return {
      ...calendarPayload(calendar),
      availability: rules.map(rulePayload),
      services: services.map(servicePayload),
      notifications: notifications.map(notificationPayload),
      agents: agents.map(calendarAgentPayload),
    };
  }

  /**
   * A timezone change keeps the rules' wall-clock hours (09:00 stays 09:00 in the new zone) and
   * the events' instants; reminders are due relative to the instants, so they stand.
   */
  async update(id: number, changes: CalendarFields): Promise<Calendar> {
    const calendar = await this.get(id);
    requireChanges(changes, 'calendar_id');
    if (changes.is_default === false && calendar.isDefault)
      throw invalidArguments('A shop always has a default calendar: make another one the default instead.', [
        { path: 'is_default', message: 'set is_default: true on another calendar' },
      ]);
    if (changes.timezone !== undefined) calendar.timezone = checkZone(changes.timezone);
    if (changes.name !== undefined) calendar.name = changes.name;
    if (changes.description !== undefined) calendar.description = changes.description;
    if (changes.slot_interval_minutes !== undefined) calendar.slotIntervalMinutes = changes.slot_interval_minutes;
    if (changes.min_notice_minutes !== undefined) calendar.minNoticeMinutes = changes.min_notice_minutes;
    if (changes.max_advance_days !== undefined) calendar.maxAdvanceDays = changes.max_advance_days;
    if (changes.is_active !== undefined) calendar.isActive = changes.is_active;
    if (changes.is_default === true && !calendar.isDefault) {
      await this.clearDefault();
      calendar.isDefault = true;
    }
    await this.em.flush();
    return calendar;
  }

  /**
   * Refused while pending or confirmed events lie ahead (cancel or move them first); otherwise the
   * calendar goes with its rules, services, notifications, agents and past events. The oldest
   * remaining calendar becomes the default when this one was.
   */
  async delete(id: number): Promise<void> {
    const calendar = await this.get(id);
    const future = await this.em.count(CalendarEvent, {
      calendarId: id,
      status: { $in: HOLDING_STATUSES },
      endAt: { $gt: new Date() },
    });
    if (future > 0)
      throw invalidState(`Calendar ${id} has ${future} pending or confirmed events ahead; cancel or move them first.`, {
        current_status: 'has_future_events',
        allowed: ['no_future_events'],
        future_events: future,
      });
    const events = await this.em.find(CalendarEvent, { calendarId: id }, { fields: ['id'] });
    await this.em.nativeDelete(CalendarDelivery, { eventId: { $in: events.map((e) => e.id) } });
    await this.em.nativeDelete(CalendarEvent, { calendarId: id });
    await this.em.nativeDelete(CalendarRule, { calendarId: id });
    await this.em.nativeDelete(AppointmentType, { calendarId: id });
    await this.em.nativeDelete(CalendarNotification, { calendarId: id });
    await this.em.nativeDelete(CalendarAgent, { calendarId: id });
    this.em.remove(calendar);
    await this.em.flush();
    if (calendar.isDefault) {
      const next = await this.em.findOne(Calendar, {}, { orderBy: { id: 'asc' } });
      if (next) {
        next.isDefault = true;
        await this.em.flush();
      }
    }
  }

  private async clearDefault(): Promise<void> {
    await this.em.nativeUpdate(Calendar, { isDefault: true }, { isDefault: false, updatedAt: new Date() });
  }
}
