import type { CalendarConfig } from '../../config.js';
import type { ServiceDeps } from '../../../../core/index.js';
import { CalendarDelivery } from '../../entities/calendar-delivery.entity.js';
import { CalendarEvent } from '../../entities/calendar-event.entity.js';
import type { CalendarNotification } from '../../entities/calendar-notification.entity.js';
import { HOLDING_STATUSES, type NotificationType } from '../../entities/values.js';

const MINUTE = 60_000;

/** The event has an address on the channel: a phone for whatsapp, an email for email, either for both. */
function reaches(event: CalendarEvent, channel: string): boolean {
  if (channel === 'whatsapp') return event.phone !== null;
  if (channel === 'email') return event.customerEmail !== null;
  return event.phone !== null || event.customerEmail !== null;
}

/**
 * Plans an event's notifications as delivery rows, in the transaction that changed the event, and
 * cancels them when they no longer apply. Due times: confirmation and cancellation timing_minutes
 * after the change (0: at once), reminder timing_minutes before the start, follow_up and no_show
 * timing_minutes after the end. A notification is planned for an event it can reach: whatsapp
 * needs the event's phone, email its customer email, both either.
 */
export class CalendarDeliveriesService {
  constructor(private readonly deps: ServiceDeps<CalendarConfig>) {}

  private get em() {
    return this.deps.em;
  }

  async plan(event: CalendarEvent, types: NotificationType[]): Promise<void> {
    if (!event.phone && !event.customerEmail) return;
    for (const notification of await this.deps.calendarNotificationsService.enabled(event.calendarId, types))
      if (reaches(event, notification.channel)) this.planOne(event, notification);
    await this.em.flush();
  }

  /** Cancels what is still waiting to be sent for an event (all types, or these). */
  async cancelScheduled(eventId: number, reason: string, types?: NotificationType[]): Promise<void> {
    await this.em.nativeUpdate(
      CalendarDelivery,
      { eventId, status: 'scheduled', ...(types && { notificationType: { $in: types } }) },
      { status: 'cancelled', reason, updatedAt: new Date() },
    );
  }

  /** Cancels what a notification still has waiting; the events it was for. */
  async cancelForNotification(notificationId: number, reason: string): Promise<number[]> {
    const rows = await this.em.execute<{ event_id: number }[]>(
      `update calendar_deliveries set status = 'cancelled', reason = ?, updated_at = now()
       where shop_id = ? and notification_id = ? and status = 'scheduled' returning event_id`,
      [reason, this.deps.shop.id, notificationId],
    );
    return rows.map((r) => Number(r.event_id));
  }

  /**
   * Plans a notification as it is now for `eventIds` (what it had waiting before a change) and,
   * for a reminder, for every upcoming pending or confirmed event of its calendar. A disabled
   * notification plans nothing.
   */
  async planNotification(notification: CalendarNotification, eventIds: number[]): Promise<void> {
    if (!notification.isEnabled) return;
    const upcoming = {
      calendarId: notification.calendarId,
      status: { $in: HOLDING_STATUSES },
      startAt: { $gt: new Date() },
    };
    const events = await this.em.find(CalendarEvent, {
      $or: [{ id: { $in: eventIds } }, ...(notification.notificationType === 'reminder' ? [upcoming] : [])],
    });
    for (const event of events) if (reaches(event, notification.channel)) this.planOne(event, notification);
    await this.em.flush();
  }

  forEvent(eventId: number): Promise<CalendarDelivery[]> {
    return this.em.find(CalendarDelivery, { eventId }, { orderBy: { dueAt: 'asc', id: 'asc' } });
  }

  /**
   * A reminder whose time has passed (a booking made late) still goes out at once while the event
   * is at least tooLateMinutes away; closer than that it is skipped with the reason, so "the
   * reminder never came" has an answer on the event.
   */
  private planOne(event: CalendarEvent, notification: CalendarNotification): void {
    const now = Date.now();
    const timing = notification.timingMinutes * MINUTE;
    const type = notification.notificationType;
    let due =
      type === 'reminder'
        ? event.startAt.getTime() - timing
        : type === 'follow_up' || type === 'no_show'
          ? event.endAt.getTime() + timing
          : now + timing;
    let reason: string | null = null;
    if (due < now) {
      const minutesLeft = Math.floor((event.startAt.getTime() - now) / MINUTE);
      if (type === 'reminder' && minutesLeft < this.deps.config.tooLateMinutes)
        reason = `too_late: the reminder was due ${new Date(due).toISOString()} and the event starts in ${minutesLeft} minutes`;
      due = now;
    }
    this.em.create(CalendarDelivery, {
      eventId: event.id,
      notificationId: notification.id,
      notificationType: type,
      channel: notification.channel,
      dueAt: new Date(due),
      status: reason ? 'skipped' : 'scheduled',
      attempts: 0,
      reason,
    } as CalendarDelivery);
  }
}
