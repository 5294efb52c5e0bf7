import { DateTime } from 'luxon';
import { fillTemplate, LockMode, ToolError, type Services } from '../../../../core/index.js';
import { Calendar } from '../../entities/calendar.entity.js';
import { CalendarDelivery } from '../../entities/calendar-delivery.entity.js';
import { CalendarEvent } from '../../entities/calendar-event.entity.js';
import { CalendarNotification } from '../../entities/calendar-notification.entity.js';
import type { EventStatus, NotificationType } from '../../entities/values.js';
import type { TemplateValues } from './notification-template.js';
import { queueDeliveryMail, type DeliveryMail, type MailSender } from './delivery-mail.js';

/** Calendar messages are billed as their own source, so credit reports tell them from campaigns. */
export const CALENDAR_BILLING_SOURCE = 'calendar';

/** A delivery claimed this often without an outcome keeps crashing its process: it fails instead. */
export const MAX_DELIVERY_ATTEMPTS = 5;

/** A delivery's outcome on each of its channels. */
interface Outcome {
  sent: number;
  problems: { channel: 'whatsapp' | 'email'; text: string }[];
}

/** The event statuses in which each type still makes sense when its time comes. */
const STILL_APPLIES: Record<NotificationType, EventStatus[]> = {
  confirmation: ['confirmed'],
  reminder: ['pending', 'confirmed'],
  cancellation: ['cancelled', 'rejected'],
  follow_up: ['completed'],
  no_show: ['no_show'],
};

/**
 * Sends claimed deliveries of one shop: on whatsapp through the one messaging send path (opt-outs,
 * lines, credits), in one batch, with the key `calendar-delivery-<id>` — a delivery sent before a
 * crash and claimed again finds its message instead of making a second one; on email as a mail
 * queued in the email group's outbox in the same transaction as the delivery's outcome, so it is
 * queued once. `both` is sent when either channel took it; the reason names the one that did not.
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
    const groups = this.deps.kernelCatalog.names();
    const messaging = groups.includes('whatsapp_ops');
    const mailing = groups.includes('email');
    const sender =
      mailing && rows.some((r) => r.channel !== 'whatsapp')
        ? await this.deps.emailAccountsService.defaultSender()
        : null;
    const outcomes = new Map<number, Outcome>();
    const texts: { row: CalendarDelivery; phone: string; text: string }[] = [];
    const mails: DeliveryMail[] = [];
    for (const row of rows) {
      const event = events.get(row.eventId);
      const notification = row.notificationId ? notifications.get(row.notificationId) : undefined;
      if (row.attempts > MAX_DELIVERY_ATTEMPTS)
        this.finish(row, 'failed', `gave up after ${row.attempts - 1} attempts without an outcome`);
      else if (!event || !notification) this.finish(row, 'cancelled', 'the event or the notification is gone');
      else if (!STILL_APPLIES[row.notificationType].includes(event.status))
        this.finish(row, 'cancelled', `the event is ${event.status}`);
      else {
        const calendar = calendars.get(event.calendarId)!;
        const text = fillTemplate(notification.templateText, this.values(event, calendar, agentNames));
        const outcome: Outcome = { sent: 0, problems: [] };
        outcomes.set(row.id, outcome);
        if (row.channel !== 'email') {
          if (!event.phone) outcome.problems.push({ channel: 'whatsapp', text: 'the event has no phone' });
          else if (!messaging)
            outcome.problems.push({
              channel: 'whatsapp',
              text: 'group_not_enabled: whatsapp_ops is not enabled on this server',
            });
          else texts.push({ row, phone: event.phone, text });
        }
        if (row.channel !== 'whatsapp') {
          if (!event.customerEmail)
            outcome.problems.push({ channel: 'email', text: 'the event has no customer email' });
          else if (!mailing)
            outcome.problems.push({ channel: 'email', text: 'group_not_enabled: email is not enabled on this server' });
          else if (!sender)
            outcome.problems.push({
              channel: 'email',
              text: 'no_email_account: the shop has no active email account to send from',
            });
          else mails.push({ row, event, calendar, text });
        }
      }
    }
    await this.sendTexts(texts, outcomes);
    if (sender) await this.sendMails(mails, sender, outcomes);
    this.settle(rows, outcomes);
    await this.em.flush();
  }

  /** The whatsapp parts, in one batch through the send path. */
  private async sendTexts(
    texts: { row: CalendarDelivery; phone: string; text: string }[],
    outcomes: Map<number, Outcome>,
  ) {
    if (texts.length === 0) return;
    const answers = await this.deps.chatappMessagingService.sendMany(
      texts.map(({ row, phone, text }) => ({
        phone,
        text,
        automatic: true,
        billingSource: CALENDAR_BILLING_SOURCE,
        idempotencyKey: `calendar-delivery-${row.id}`,
      })),
    );
    for (const [i, { row }] of texts.entries()) {
      const answer = answers[i]!;
      const outcome = outcomes.get(row.id)!;
      if ('error' in answer) {
        if (!(answer.error instanceof ToolError)) throw answer.error;
        outcome.problems.push({ channel: 'whatsapp', text: `${answer.error.code}: ${answer.error.message}` });
        continue;
      }
      row.messageId = answer.message.id;
      if (answer.message.status === 'failed')
        outcome.problems.push({
          channel: 'whatsapp',
          text: answer.message.error ?? 'the network refused the message',
        });
      else outcome.sent += 1;
    }
  }

  /** The email parts, each queued in the email group's outbox; a refusal is the part's outcome. */
  private async sendMails(mails: DeliveryMail[], sender: MailSender, outcomes: Map<number, Outcome>) {
    for (const mail of mails) {
      const outcome = outcomes.get(mail.row.id)!;
      try {
        mail.row.emailMessageId = await queueDeliveryMail(this.deps, sender, mail);
        outcome.sent += 1;
      } catch (error) {
        if (!(error instanceof ToolError)) throw error;
        outcome.problems.push({ channel: 'email', text: `${error.code}: ${error.message}` });
      }
    }
  }

  /** Sent when a channel took it, else failed; the reason names what did not go. */
  private settle(rows: CalendarDelivery[], outcomes: Map<number, Outcome>) {
    for (const row of rows) {
      const outcome = outcomes.get(row.id);
      if (!outcome) continue;
      const reason =
        outcome.problems.length === 0
          ? null
          : row.channel === 'both'
            ? outcome.problems.map((p) => `${p.channel}: ${p.text}`).join('; ')
            : outcome.problems.map((p) => p.text).join('; ');
      if (outcome.sent === 0) this.finish(row, 'failed', reason);
      else {
        this.finish(row, 'sent', reason);
        row.sentAt = new Date();
      }
    }
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
