import type { Services } from '../../../../core/index.js';
import type { Calendar } from '../../entities/calendar.entity.js';
import type { CalendarDelivery } from '../../entities/calendar-delivery.entity.js';
import type { CalendarEvent } from '../../entities/calendar-event.entity.js';
import type { NotificationType } from '../../entities/values.js';
import { icsFor } from '../ics.js';

/** The shop's mailbox the calendar's mail goes from. */
export interface MailSender {
  id: number;
  emailAddress: string;
  smtpFromName?: string | null;
}

/** A delivery to go by mail, with its filled template. */
export interface DeliveryMail {
  row: CalendarDelivery;
  event: CalendarEvent;
  calendar: Calendar;
  text: string;
}

/** What a mail of each type carries of the event: the invitation, its cancellation, or nothing. */
const INVITATION: Record<NotificationType, 'REQUEST' | 'CANCEL' | null> = {
  confirmation: 'REQUEST',
  reminder: 'REQUEST',
  cancellation: 'CANCEL',
  follow_up: null,
  no_show: null,
};

/**
 * The notification as a mail from the shop's sending account, queued in the email group's outbox
 * in this transaction (the outbox sends it once, across crashes). A confirmation or reminder
 * carries the event as an invitation (REQUEST), a cancellation as its CANCEL; the thread opens
 * closed and linked to the phone, and the customer's answer reopens it in the shared inbox.
 */
export async function queueDeliveryMail(
  deps: Services,
  account: MailSender,
  { row, event, calendar, text }: DeliveryMail,
): Promise<number> {
  const method = INVITATION[row.notificationType];
  const attachmentIds: number[] = [];
  if (method) {
    const ics = icsFor([event], calendar, method, {
      organizer: { name: account.smtpFromName ?? deps.shop.name, email: account.emailAddress },
      attendee: { name: event.customerName ?? null, email: event.customerEmail! },
    });
    const file = await deps.emailAttachmentsService.store(
      'invite.ics',
      Buffer.from(ics, 'utf8'),
      `text/calendar; charset=utf-8; method=${method}`,
    );
    attachmentIds.push(file.id);
  }
  const firstLine = text.split('\n').find((line) => line.trim()) ?? calendar.name;
  const { message } = await deps.emailComposeService.send(
    account.id,
    {
      to: event.customerEmail!,
      subject: firstLine.trim().slice(0, 200),
      body_text: text,
      attachment_ids: attachmentIds,
    },
    { threadStatus: 'closed', ...(event.phone && { phone: event.phone }) },
  );
  return message.id;
}
