import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { dovecot, type Dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';
import { freshUser, newMailbox } from '../../../test/helpers/mail-servers/mailbox.js';
import { caller, freshTick, JOB, mondayCalendar, nextWeekday, ZONE } from './helpers.js';

/** An iCalendar text unfolded (RFC 5545 folds lines at 75 octets). */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '');
const icsField = (ics: string, name: string) => new RegExp(`^${name}[;:](.*?)\\r?$`, 'm').exec(unfold(ics))?.[1];

describe('calendar notifications by email (the email group, Dovecot and an SMTP server)', () => {
  let imap: Dovecot;
  let smtp: SmtpSink;
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let box: ReturnType<typeof newMailbox>;
  let calendarId: number;
  let serviceId: number;
  const monday = nextWeekday(1);

  const deliveries = async (eventId: number) =>
    (await c.ok('get_calendar_event', { event_id: eventId })).event.deliveries as any[];
  const book = (start: string, args: Record<string, unknown>) =>
    c.ok('book_calendar_appointment', {
      calendar_id: calendarId,
      service_id: serviceId,
      start_datetime: `${monday} ${start}`,
      customer_name: 'Ana Ruiz',
      ...args,
    });
  /** Runs the outbox until the mail reached the SMTP server; its raw text. */
  const mailed = async (emailMessageId: number) => {
    const [row] = await waitFor(`calendar mail ${emailMessageId} sent`, async () => {
      await k.outbox.deliverDue();
      const found = await rows(k, 'select status, message_id_header from email_messages where id = ?', [
        emailMessageId,
      ]);
      return found[0]?.status === 'sent' && found;
    });
    const received = smtp.received.filter((r) => r.messageId === row.message_id_header);
    expect(received).to.have.length(1);
    return received[0]!;
  };

  before(async () => {
    imap = await dovecot();
    smtp = await new SmtpSink({ imap }).start();
    k = await bootOps({
      groups: ['agents', 'calendar', 'email'],
      groupConfigs: { email: { trustedCaPem: imap.caPem } },
    });
    const shop = await k.shops.create({ name: 'Salon Luna', timezone: ZONE, credits: 100_000 });
    c = caller(k, shop.token);
    await connectedLine(k, shop.token, {}, '+34711000950');
    box = newMailbox({ imap, smtp }, { smtp_from_name: 'Salon Luna' }, freshUser('calendar'));
    expect((await k.call(shop.token, 'create_email_account', box.args)).payload).to.include({
      requires_confirmation: true,
    });
    await c.ok('create_email_account', { ...box.args, confirm: true });
    ({ calendarId, serviceId } = await mondayCalendar(c, 'Luna', 'Manicure'));
    const notification = { action: 'create', calendar_id: calendarId, timing_minutes: 0 };
    await c.ok('create_calendar_notification', {
      ...notification,
      notification_type: 'confirmation',
      channel: 'both',
      template_text: 'Cita confirmada: {servicio} el {fecha} a las {hora}\nTe esperamos en {tienda}.',
    });
    await c.ok('create_calendar_notification', {
      ...notification,
      notification_type: 'cancellation',
      channel: 'email',
      template_text: 'Cita cancelada: {servicio} el {fecha}',
    });
  });
  after(async () => {
    await k?.close();
    await smtp?.stop();
  });

  it('both: the message on the channel and a mail from the shop’s mailbox with the invitation (REQUEST); its cancellation mails a CANCEL of the same UID with a higher SEQUENCE', async () => {
    const { event } = await book('10:00:00', { phone: '+34600200100', customer_email: 'ana@customer.example' });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const [confirmation] = (await deliveries(event.id)).filter((d) => d.notification_type === 'confirmation');
    expect(confirmation).to.include({ channel: 'both', status: 'sent', reason: null });
    expect(confirmation.message_id).to.be.a('number');
    expect(confirmation.email_message_id).to.be.a('number');

    const mail = await mailed(confirmation.email_message_id);
    expect(mail.user).to.equal(box.user);
    expect(mail.to).to.deep.equal(['ana@customer.example']);
    expect(mail.subject).to.match(/^Cita confirmada: Manicure el .+ a las 10:00$/);
    const raw = mail.raw.toString('utf8');
    expect(raw).to.match(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const invite = (await import('mailparser')).simpleParser(mail.raw);
    const parsed = await invite;
    const ics = parsed.attachments.find((a) => a.contentType === 'text/calendar')!.content.toString('utf8');
    expect(icsField(ics, 'METHOD')).to.equal('REQUEST');
    // URI schemes are case-insensitive (ical-generator writes the attendee's as MAILTO).
    expect(icsField(ics, 'ORGANIZER')!.toLowerCase()).to.contain(`mailto:${box.user}`);
    expect(icsField(ics, 'ATTENDEE')!.toLowerCase()).to.contain('mailto:ana@customer.example');
    const uid = icsField(ics, 'UID');
    const exported = (await c.ok('export_calendar_ics', { event_id: event.id })).ics;
    expect(icsField(exported, 'UID')).to.equal(uid);

    // The thread is in the shared inbox, closed until the customer answers, linked to the phone.
    const [thread] = await rows(
      k,
      'select t.status, t.phone from email_threads t join email_messages m on m.thread_id = t.id where m.id = ?',
      [confirmation.email_message_id],
    );
    expect(thread).to.deep.equal({ status: 'closed', phone: '+34600200100' });

    await c.ok('cancel_calendar_event', { event_id: event.id, reason: 'Sick' });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const [cancellation] = (await deliveries(event.id)).filter((d) => d.notification_type === 'cancellation');
    expect(cancellation).to.include({ channel: 'email', status: 'sent', message_id: null });
    const cancelMail = await (
      await import('mailparser')
    ).simpleParser((await mailed(cancellation.email_message_id)).raw);
    const cancelIcs = cancelMail.attachments.find((a) => a.contentType === 'text/calendar')!.content.toString('utf8');
    expect(icsField(cancelIcs, 'METHOD')).to.equal('CANCEL');
    expect(icsField(cancelIcs, 'UID')).to.equal(uid);
    expect(Number(icsField(cancelIcs, 'SEQUENCE'))).to.be.greaterThan(Number(icsField(ics, 'SEQUENCE') ?? 0));
  });

  it('a booking with no email: both goes on the channel and says why no mail went; email alone is not planned', async () => {
    const { event } = await book('12:00:00', { phone: '+34600200200' });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const [confirmation] = await deliveries(event.id);
    expect(confirmation).to.include({
      notification_type: 'confirmation',
      status: 'sent',
      email_message_id: null,
      reason: 'email: the event has no customer email',
    });
    await c.ok('cancel_calendar_event', { event_id: event.id });
    expect((await deliveries(event.id)).map((d) => d.notification_type)).to.deep.equal(['confirmation']);
  });

  it('a shop with no active email account: the mail part fails with no_email_account, nothing is queued', async () => {
    const other = await k.shops.create({ name: 'No mailbox', timezone: ZONE, credits: 100_000 });
    const o = caller(k, other.token);
    const { calendarId: calendar, serviceId: service } = await mondayCalendar(o, 'Solo', 'Massage');
    await o.ok('create_calendar_notification', {
      action: 'create',
      calendar_id: calendar,
      notification_type: 'confirmation',
      channel: 'email',
      timing_minutes: 0,
      template_text: 'Confirmada {fecha}',
    });
    const { event } = await o.ok('book_calendar_appointment', {
      calendar_id: calendar,
      service_id: service,
      start_datetime: `${monday} 09:00:00`,
      phone: '+34600200300',
      customer_email: 'bo@customer.example',
    });
    expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
    const [confirmation] = (await o.ok('get_calendar_event', { event_id: event.id })).event.deliveries;
    expect(confirmation).to.include({ status: 'failed', email_message_id: null });
    expect(confirmation.reason).to.match(/^no_email_account: /);
    expect(await rows(k, 'select id from email_messages where shop_id = ?', [other.shopId])).to.deep.equal([]);
  });
});
