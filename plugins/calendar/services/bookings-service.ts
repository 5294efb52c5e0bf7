import {
  invalidArguments,
  invalidState,
  normalizePhone,
  ToolError,
  parseShopTime,
  sql,
  type Services,
  type ToolContext,
} from '../../../core/index.js';
import type { Calendar } from '../entities/calendar.entity.js';
import type { AppointmentType } from '../entities/appointment-type.entity.js';
import { CalendarEvent } from '../entities/calendar-event.entity.js';
import { eventStatus } from './event-status.js';
import { newIcsUid } from './ics.js';
import { slotFull, slotService } from './slots/slots-service.js';
import { eventPayload } from './payloads.js';

export interface BookingArgs {
  calendar_id: number;
  service_id: number;
  start_datetime: string;
  phone: string;
  customer_name?: string;
  customer_email?: string;
  agent_id?: number;
  notes?: string;
  idempotency_key?: string;
}

const MINUTE = 60_000;

type Transaction = ToolContext['transaction'];

/** Serialises bookings and reschedules of one calendar, across processes (with the calendar's id). */
const CALENDAR_LOCK_SQL = `select pg_advisory_xact_lock(hashtext('calendar.calendar'), $1)`;

/**
 * Bookings and every change of an event's time or status. A booking or reschedule checks its slot
 * under the calendar's advisory lock, inside the call's transaction: two processes booking the
 * last seat take turns, and the second sees the first's booking.
 */
export class CalendarBookingsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /**
   * In the calendar's lane of this process (BookingGate): first a check without a transaction —
   * an inactive calendar, a bad phone or time, or a slot already booked to capacity is refused
   * without one (a loser of a race for the last places ends here, or takes the answer a read that
   * began after it arrived found) — then the booking in a transaction under the calendar's lock.
   * A call with an idempotency key goes straight to the transaction, where a repeat gets its
   * booking even when that booking filled the slot.
   */
  async book(args: BookingArgs, transaction: Transaction) {
    const gate = this.deps.calendarBookingGate;
    const arrived = gate.now();
    return gate.run(`${this.deps.shop.id} ${args.calendar_id}`, async (verdicts) => {
      let read: { calendar: Calendar; service: AppointmentType } | undefined;
      if (args.idempotency_key === undefined) {
        normalizePhone(args.phone);
        // The slot as the call names it: a verdict's read began after the call arrived, so the call
        // may be answered as of that read, with the calendar (and its timezone) as it was then.
        const slot = `${args.service_id} ${args.start_datetime.trim()}`;
        if (verdicts.fullAfter(slot, arrived)) throw slotFull();
        const readBegan = gate.now();
        const calendar = await this.deps.calendarsService.active(args.calendar_id);
        const startMs = parseShopTime(args.start_datetime, calendar.timezone, 'start_datetime').getTime();
        const { service, full } = await this.deps.calendarSlotsService.serviceAndFull(
          calendar,
          args.service_id,
          startMs,
        );
        if (full) {
          verdicts.fullAsOf(slot, readBegan);
          throw slotFull();
        }
        read = { calendar, service };
      }
      return transaction(({ services }) => services.calendarBookingsService.bookUnderLock(args, read));
    });
  }

  /**
   * The booking, in the call's transaction: the slot checked again under the calendar's lock. The
   * calendar and service just read before the transaction are used as read (their rows are not
   * what the lock guards: the bookings are).
   */
  async bookUnderLock(args: BookingArgs, read?: { calendar: Calendar; service: AppointmentType }) {
    // The lock first: everything read after it is what the booking is checked against, and a
    // booking committed by the lock's previous holder is among it.
    await sql(this.em, CALENDAR_LOCK_SQL, [args.calendar_id]);
    const calendar = read?.calendar ?? (await this.deps.calendarsService.active(args.calendar_id));
    const phone = normalizePhone(args.phone);
    const startAt = parseShopTime(args.start_datetime, calendar.timezone, 'start_datetime');
    const earlier = await this.replay(args.idempotency_key, calendar, args.service_id, phone, startAt);
    if (earlier) return earlier;
    const service = read?.service ?? (await this.deps.calendarSlotsService.serviceOf(calendar, args.service_id));
    if (args.agent_id !== undefined)
      await this.deps.calendarAgentsService.checkAssignable(calendar.id, args.agent_id, 'agent_id');
    const slot = await this.deps.calendarSlotsService.checkSlot(calendar, service, startAt.getTime(), {
      agentId: args.agent_id,
    });
    const event = this.em.create(CalendarEvent, {
      calendarId: calendar.id,
      serviceId: service.id,
      serviceName: service.name,
      title: `${service.name}: ${args.customer_name ?? phone}`,
      description: service.description ?? null,
      phone,
      customerName: args.customer_name ?? null,
      customerEmail: args.customer_email ?? null,
      notes: args.notes ?? null,
      assignedAgentId: args.agent_id ?? slot.agentIds[0] ?? null,
      startAt,
      endAt: new Date(slot.endMs),
      allDay: false,
      bufferBeforeMinutes: service.bufferBeforeMinutes,
      bufferAfterMinutes: service.bufferAfterMinutes,
      price: service.price ?? null,
      currency: service.price ? service.currency : null,
      status: service.requiresConfirmation ? 'pending' : 'confirmed',
      idempotencyKey: args.idempotency_key ?? null,
      icsUid: newIcsUid(),
      icsSequence: 0,
      cancelReason: null,
    } as CalendarEvent);
    await this.em.flush();
    await this.deps.calendarDeliveriesService.plan(
      event,
      event.status === 'confirmed' ? ['confirmation', 'reminder'] : ['reminder'],
    );
    await this.deps.events.emit('calendar.event_booked', this.announce(event));
    return { event: eventPayload(event, calendar.timezone), created: true };
  }

  /** The booking made earlier with this idempotency key, or idempotency_conflict when its arguments differ. */
  private async replay(key: string | undefined, calendar: Calendar, serviceId: number, phone: string, startAt: Date) {
    if (key === undefined) return null;
    const earlier = await this.em.findOne(CalendarEvent, { idempotencyKey: key });
    if (!earlier) return null;
    if (
      earlier.calendarId !== calendar.id ||
      earlier.serviceId !== serviceId ||
      earlier.phone !== phone ||
      earlier.startAt.getTime() !== startAt.getTime()
    )
      throw new ToolError('idempotency_conflict', 'This idempotency_key was already used for a different booking.', {
        event_id: earlier.id,
      });
    return { event: eventPayload(earlier, calendar.timezone), created: false };
  }

  /**
   * A new time, same UID, SEQUENCE + 1. A booking keeps its length and must land on a free slot
   * (it does not compete with itself); a plain event takes end_datetime or keeps its length.
   * Waiting reminders are re-planned, and a confirmed event's confirmation is sent again.
   */
  async reschedule(eventId: number, rawStart: string, rawEnd?: string) {
    const event = await this.deps.calendarEventsService.get(eventId);
    eventStatus.assertCan('reschedule', event);
    const calendar = await this.deps.calendarsService.active(event.calendarId);
    const startAt = parseShopTime(rawStart, calendar.timezone, 'start_datetime');
    let endAt = new Date(startAt.getTime() + (event.endAt.getTime() - event.startAt.getTime()));
    if (event.serviceId !== null && event.serviceId !== undefined) {
      if (rawEnd !== undefined)
        throw invalidArguments('A booking keeps its service’s length; leave end_datetime out.', [
          { path: 'end_datetime', message: 'only for plain events' },
        ]);
      await sql(this.em, CALENDAR_LOCK_SQL, [calendar.id]);
      const service = await this.deps.calendarSlotsService.serviceOf(calendar, event.serviceId);
      await this.deps.calendarSlotsService.checkSlot(
        calendar,
        {
          ...slotService(service),
          durationMinutes: (endAt.getTime() - startAt.getTime()) / MINUTE,
          bufferBeforeMinutes: event.bufferBeforeMinutes,
          bufferAfterMinutes: event.bufferAfterMinutes,
        },
        startAt.getTime(),
        { agentId: event.assignedAgentId ?? undefined, excludeEventId: event.id },
      );
    } else if (rawEnd !== undefined) endAt = parseShopTime(rawEnd, calendar.timezone, 'end_datetime');
    if (endAt <= startAt)
      throw invalidArguments('end_datetime must be after start_datetime.', [
        { path: 'end_datetime', message: 'must be after start_datetime' },
      ]);
    const from = event.startAt.toISOString();
    event.startAt = startAt;
    event.endAt = endAt;
    event.icsSequence += 1;
    await this.em.flush();
    await this.deps.calendarDeliveriesService.cancelScheduled(event.id, 'the event was rescheduled', [
      'reminder',
      'confirmation',
    ]);
    await this.deps.calendarDeliveriesService.plan(
      event,
      event.status === 'confirmed' ? ['confirmation', 'reminder'] : ['reminder'],
    );
    await this.deps.events.emit('calendar.event_rescheduled', { ...this.announce(event), previous_start: from });
    return { event: eventPayload(event, calendar.timezone) };
  }

  async confirm(eventId: number) {
    const event = await this.deps.calendarEventsService.get(eventId);
    eventStatus.assertCan('confirm', event);
    event.status = 'confirmed';
    await this.em.flush();
    await this.deps.calendarDeliveriesService.plan(event, ['confirmation']);
    await this.deps.events.emit('calendar.event_confirmed', this.announce(event));
    return { event: eventPayload(event, await this.zone(event)) };
  }

  /** confirmed → cancelled, pending → rejected; what was waiting is cancelled; notify sends the cancellation. */
  async cancel(eventId: number, reason: string | undefined, notify: boolean) {
    const event = await this.deps.calendarEventsService.get(eventId);
    eventStatus.assertCan('cancel', event);
    event.status = event.status === 'pending' ? 'rejected' : 'cancelled';
    event.cancelReason = reason ?? null;
    event.icsSequence += 1;
    await this.em.flush();
    await this.deps.calendarDeliveriesService.cancelScheduled(event.id, `the event was ${event.status}`);
    if (notify) await this.deps.calendarDeliveriesService.plan(event, ['cancellation']);
    await this.deps.events.emit('calendar.event_cancelled', {
      ...this.announce(event),
      reason: event.cancelReason ?? null,
    });
    return { event: eventPayload(event, await this.zone(event)) };
  }

  /** After the start only: attended → completed (plans the follow-up), no_show → no_show. */
  async attendance(eventId: number, attendance: 'attended' | 'no_show') {
    const event = await this.deps.calendarEventsService.get(eventId);
    eventStatus.assertCan('attendance', event);
    if (event.startAt.getTime() > Date.now())
      throw invalidState('Attendance is marked once the event has started.', {
        current_status: event.status,
        allowed: ['confirmed, after its start'],
      });
    event.status = attendance === 'attended' ? 'completed' : 'no_show';
    await this.em.flush();
    await this.deps.calendarDeliveriesService.cancelScheduled(event.id, `the event is ${event.status}`, [
      'reminder',
      'confirmation',
    ]);
    await this.deps.calendarDeliveriesService.plan(event, [attendance === 'attended' ? 'follow_up' : 'no_show']);
    if (event.status === 'no_show') await this.deps.events.emit('calendar.event_no_show', this.announce(event));
    return { event: eventPayload(event, await this.zone(event)) };
  }

  private async zone(event: CalendarEvent): Promise<string> {
    return (await this.deps.calendarsService.get(event.calendarId)).timezone;
  }

  private announce(event: CalendarEvent) {
    return {
      event_id: event.id,
      calendar_id: event.calendarId,
      service_id: event.serviceId ?? null,
      phone: event.phone ?? null,
      assigned_agent_id: event.assignedAgentId ?? null,
      status: event.status,
      start_at: event.startAt.toISOString(),
      end_at: event.endAt.toISOString(),
    };
  }
}
