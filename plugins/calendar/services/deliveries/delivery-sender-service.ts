import { DateTime } from 'luxon';
import { fillTemplate, LockMode, ToolError, type Services } from '../../../../core/index.js';
import { Calendar } from '../../entities/calendar.entity.js';
import { CalendarDelivery } from '../../entities/calendar-delivery.entity.js';
import { CalendarEvent } from '../../entities/calendar-event.entity.js';
import { CalendarNotification } from '../../entities/calendar-notification.entity.js';
import type { EventStatus, NotificationType } from '../../entities/values.js';
import type { TemplateValues } from './notification-template.js';

/** Calendar messages are billed as their own source, so credit reports tell them from campaigns. */
export const CALENDAR_BILLING_SOURCE = 'calendar';

/** A delivery claimed this often without an outcome keeps crashing its process: it fails instead. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** The event statuses in which each type still makes sense when its time comes. */
const STILL_APPLIES: Record<NotificationType, EventStatus[]> = {
  confirmation: ['confirmed'],
  reminder: ['pending', 'confirmed'],
  cancellation: ['cancelled', 'rejected'],
  follow_up: ['completed'],
  no_show: ['no_show'],
};

/**
 * Sends claimed deliveries of one shop through the one messaging send path (opt-outs, lines,
 * credits), in one batch, with the key `calendar-delivery-<id>`: a delivery sent before a crash
 * and claimed again finds its message instead of making a second one.
 */
export class CalendarDeliverySenderService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async sendClaimed(ids: number[]): Promise<void> {
    const rows = await this.em.find(
      CalendarDelivery,
      { id: { $in: ids }, status: 'sending' },
      { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    if (rows.length === 0) return;
    const events = new Map(
      (await this.em.find(CalendarEvent, { id: { $in: rows.map((r) => r.eventId) } })).map((e) => [e.id, e]),
    );
    const notifications = new Map(
      (
        await this.em.find(CalendarNotification, {
          id: { $in: rows.flatMap((r) => (r.notificationId ? [r.notificationId] : [])) },
        })
      ).map((n) => [n.id, n]),
    );
    const calendars = new Map(
      (await this.em.find(Calendar, { id: { $in: [...events.values()].map((e) => e.calendarId) } })).map((c) => [
        c.id,
        c,
      ]),
    );
    const agentNames = new Map(
      (
        await this.deps.agentsService.findByIds(
          [...events.values()].flatMap((e) => (e.assignedAgentId ? [e.assignedAgentId] : [])),
        )
      ).map((a) => [a.id, a.fullName]),
    );
    const messaging = this.deps.kernelCatalog.names().includes('whatsapp_ops');
    const sendable: { row: CalendarDelivery; text: string; phone: string }[] = [];
    for (const row of rows) {
      const event = events.get(row.eventId);
      const notification = row.notificationId ? notifications.get(row.notificationId) : undefined;
      if (row.attempts > MAX_DELIVERY_ATTEMPTS)
        this.finish(row, 'failed', `gave up after ${row.attempts - 1} attempts without an outcome`);
      else if (!event || !notification || !event.phone)
        this.finish(row, 'cancelled', 'the event or the notification is gone');
      else if (!STILL_APPLIES[row.notificationType].includes(event.status))
        this.finish(row, 'cancelled', `the event is ${event.status}`);
      else if (!messaging) this.finish(row, 'failed', 'group_not_enabled: whatsapp_ops is not enabled on this server');
      else
        sendable.push({
          row,
          phone: event.phone,
          text: fillTemplate(
            notification.templateText,
            this.values(event, calendars.get(event.calendarId)!, agentNames),
          ),
        });
    }
    if (sendable.length > 0) {
      const answers = await this.deps.chatappMessagingService.sendMany(
        sendable.map(({ row, phone, text }) => ({
          phone,
          text,
          automatic: true,
          billingSource: CALENDAR_BILLING_SOURCE,
          idempotencyKey: `calendar-delivery-${row.id}`,
        })),
      );
      for (const [i, { row }] of sendable.entries()) {
        const answer = answers[i]!;
        if ('error' in answer) {
          if (!(answer.error instanceof ToolError)) throw answer.error;
          this.finish(row, 'failed', `${answer.error.code}: ${answer.error.message}`);
          continue;
        }
        row.messageId = answer.message.id;
        if (answer.message.status === 'failed')
          this.finish(row, 'failed', answer.message.error ?? 'the network refused the message');
        else {
          this.finish(row, 'sent', null);
          row.sentAt = new Date();
        }
      }
    }
    await this.em.flush();
  }

  private finish(row: CalendarDelivery, status: CalendarDelivery['status'], reason: string | null): void {
    row.status = status;
    row.reason = reason;
  }

  private values(event: CalendarEvent, calendar: Calendar, agentNames: Map<number, string>): TemplateValues {
    const start = DateTime.fromJSDate(event.startAt, { zone: calendar.timezone }).setLocale(this.deps.shop.locale);
    return {
      nombre: event.customerName ?? '',
      telefono: event.phone ?? '',
      tienda: this.deps.shop.name,
      fecha: start.toLocaleString(DateTime.DATE_FULL),
      hora: event.allDay ? '' : start.toFormat('HH:mm'),
      servicio: event.serviceName ?? event.title,
      calendario: calendar.name,
      agente: (event.assignedAgentId && agentNames.get(event.assignedAgentId)) || '',
      precio: event.price ? `${event.price} ${event.currency ?? ''}`.trim() : '',
      // A confirmation after a reschedule says so; the sequence only grows on reschedule and cancel.
      reprogramada: event.icsSequence > 0 && event.status === 'confirmed' ? 'reprogramada' : '',
    };
  }
}
