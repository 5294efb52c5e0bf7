import { expect } from 'chai';
import ICAL from 'ical.js';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine, rows } from '../../../test/helpers/ops-kernel.js';
import { bootCalendar, caller, freshTick, JOB, nextWeekday, ZONE } from './helpers.js';

describe('calendar group', () => {
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let shopId: number;
  let line: any;
  let calendarId: number;
  let serviceId: number;
  const monday = nextWeekday(1);

  const sentTexts = async (deliveryId: number) =>
    (
      await rows(k, 'select text from sandbox_messages where idempotency_key = ? and session_key = ?', [
        `calendar-delivery-${deliveryId}`,
        line.session_key,
      ])
    ).map((r: any) => r.text);
  const deliveries = async (eventId: number) =>
    (await c.ok('get_calendar_event', { event_id: eventId })).event.deliveries;
  /** The main service's free slots on the test's Monday, and their local start times. */
  const mondaySlots = () =>
    c.ok('get_calendar_available_slots', {
      calendar_id: calendarId,
      service_id: serviceId,
      date_from: monday,
      date_to: monday,
    });
  const startsOf = (p: any): string[] => p.slots.map((s: any) => s.start.slice(11, 16));
  const book = (args: Record<string, unknown>) =>
    c.ok('book_calendar_appointment', {
      calendar_id: calendarId,
      service_id: serviceId,
      phone: '+34600100200',
      ...args,
    });

  before(async () => {
    k = await bootCalendar();
    const shop = await k.shops.create({ name: 'Salon Sol', timezone: ZONE, credits: 100_000 });
    shopId = shop.shopId;
    c = caller(k, shop.token);
    line = await connectedLine(k, shop.token, {}, '+34711000900');
  });
  after(() => k?.close());

  describe('calendars', () => {
    it('create_calendar: the first is the default, in the shop’s timezone with the documented defaults', async () => {
      const { calendar } = await c.ok('create_calendar', { name: 'Main', slot_interval_minutes: 30 });
      expect(calendar).to.include({
        name: 'Main',
        timezone: ZONE,
        slot_interval_minutes: 30,
        min_notice_minutes: 120,
        max_advance_days: 60,
        is_active: true,
        is_default: true,
      });
      calendarId = calendar.id;
      const second = (await c.ok('create_calendar', { name: 'Second', timezone: 'America/New_York' })).calendar;
      expect(second).to.include({ is_default: false, timezone: 'America/New_York', slot_interval_minutes: null });
    });

    it('refuses an unknown timezone and un-defaulting the default', async () => {
      await c.fails('create_calendar', { name: 'X', timezone: 'Mars/Olympus' }, 'invalid_arguments');
      await c.fails('update_calendar', { calendar_id: calendarId, is_default: false }, 'invalid_arguments');
      await c.fails('update_calendar', { calendar_id: calendarId }, 'invalid_arguments');
      await c.fails('get_calendar', { calendar_id: 999_999 }, 'not_found');
    });

    it('list_calendars filters; update_calendar moves the default', async () => {
      const all = await c.ok('list_calendars', {});
      expect(all.calendars.map((x: any) => x.name)).to.deep.equal(['Main', 'Second']);
      const second = all.calendars[1];
      await c.ok('update_calendar', { calendar_id: second.id, is_active: false });
      expect((await c.ok('list_calendars', { is_active: false })).calendars.map((x: any) => x.id)).to.deep.equal([
        second.id,
      ]);
      const moved = (await c.ok('update_calendar', { calendar_id: second.id, is_default: true })).calendar;
      expect(moved.is_default).to.equal(true);
      expect((await c.ok('get_calendar', { calendar_id: calendarId })).calendar.is_default).to.equal(false);
      await c.ok('update_calendar', { calendar_id: calendarId, is_default: true });
      await c.ok('delete_calendar', { calendar_id: second.id });
      expect((await c.ok('list_calendars', {})).count).to.equal(1);
    });
  });

  describe('availability rules', () => {
    it('validates each rule type’s fields and the times', async () => {
      const base = { action: 'create', calendar_id: calendarId, start_time: '09:00', end_time: '13:00' };
      const bad = [
        { rule_type: 'weekly' },
        { rule_type: 'weekly', day_of_week: 1, specific_date: monday },
        { rule_type: 'date_exception' },
        { rule_type: 'date_exception', specific_date: '2026-02-30' },
        { rule_type: 'blocked' },
        { rule_type: 'weekly', day_of_week: 1, start_time: '13:00', end_time: '09:00' },
        { rule_type: 'weekly', day_of_week: 1, start_time: '9am' },
        { rule_type: 'weekly', day_of_week: 7 },
      ];
      for (const args of bad) await c.fails('create_calendar_availability', { ...base, ...args }, 'invalid_arguments');
    });

    it('weekly hours with a blocked lunch make the Monday’s slots; an exception replaces one date', async () => {
      const base = { action: 'create', calendar_id: calendarId };
      const { rule } = await c.ok('create_calendar_availability', {
        ...base,
        rule_type: 'weekly',
        day_of_week: 1,
        start_time: '09:00',
        end_time: '14:00',
        label: 'Mondays',
      });
      expect(rule).to.include({ rule_type: 'weekly', day_of_week: 1, is_available: true, label: 'Mondays' });
      await c.ok('create_calendar_availability', {
        ...base,
        rule_type: 'blocked',
        day_of_week: 1,
        start_time: '12:00',
        end_time: '13:00',
      });
      serviceId = (
        await c.ok('create_calendar_service', {
          action: 'create',
          calendar_id: calendarId,
          name: 'Haircut',
          duration_minutes: 60,
          price: '25.00',
        })
      ).service.id;
      const { slots, timezone } = await mondaySlots();
      expect(timezone).to.equal(ZONE);
      expect(startsOf({ slots })).to.deep.equal(['09:00', '09:30', '10:00', '10:30', '11:00', '13:00']);
      expect(slots[0]).to.include({ remaining_capacity: 1 });
      const offGrid = await c.fails(
        'book_calendar_appointment',
        { calendar_id: calendarId, service_id: serviceId, phone: '+34600100299', start_datetime: `${monday} 09:10:00` },
        'slot_unavailable',
      );
      expect(offGrid.reason).to.equal('not_on_grid');
      expect(slots[0].agent_ids).to.deep.equal([]);

      const exception = await c.ok('create_calendar_availability', {
        ...base,
        rule_type: 'date_exception',
        specific_date: monday,
        start_time: '16:00',
        end_time: '17:00',
      });
      const replaced = await mondaySlots();
      expect(startsOf(replaced)).to.deep.equal(['16:00']);
      await c.ok('update_calendar_availability', { rule_id: exception.rule.id, end_time: '18:00' });
      expect((await mondaySlots()).count).to.equal(3);
      await c.fails(
        'update_calendar_availability',
        { rule_id: exception.rule.id, day_of_week: 1 },
        'invalid_arguments',
      );
      expect(await c.ok('delete_calendar_availability', { rule_id: exception.rule.id })).to.include({ deleted: true });
      await c.fails('delete_calendar_availability', { rule_id: exception.rule.id }, 'not_found');
    });

    it('shows the slots in another timezone when asked, and refuses a range over 62 days', async () => {
      const ny = await c.ok('get_calendar_available_slots', {
        calendar_id: calendarId,
        service_id: serviceId,
        date_from: monday,
        date_to: monday,
        timezone: 'UTC',
      });
      expect(ny.timezone).to.equal('UTC');
      expect(new Date(`${ny.slots[0].start.replace(' ', 'T')}Z`).toISOString()).to.equal(ny.slots[0].start_utc);
      await c.fails(
        'get_calendar_available_slots',
        { calendar_id: calendarId, service_id: serviceId, date_from: '2026-01-01', date_to: '2026-03-15' },
        'invalid_arguments',
      );
    });

    it('takes only a date as a slot range, and says so to a date in another form or with a time', async () => {
      for (const date_from of ['02/12/2026', '2026-12-02 09:00:00']) {
        const refused = await c.fails(
          'get_calendar_available_slots',
          { calendar_id: calendarId, service_id: serviceId, date_from },
          'invalid_arguments',
        );
        expect(refused.errors, date_from).to.deep.equal([
          { path: 'date_from', message: 'must be a date only: YYYY-MM-DD, such as 2026-12-02 (no time)' },
        ]);
      }
    });
  });

  describe('services', () => {
    it('validates price and currency, defaults the shop’s currency, lists, updates and hides deleted ones', async () => {
      const base = { action: 'create', calendar_id: calendarId, name: 'Colour', duration_minutes: 90 };
      await c.fails('create_calendar_service', { ...base, price: 'cheap' }, 'invalid_arguments');
      await c.fails('create_calendar_service', { ...base, currency: 'XYZ' }, 'invalid_arguments');
      await c.fails('create_calendar_service', { ...base, duration_minutes: 2 }, 'invalid_arguments');
      const { service } = await c.ok('create_calendar_service', {
        ...base,
        buffer_after_minutes: 15,
        max_concurrent: 2,
      });
      expect(service).to.include({
        currency: 'EUR',
        max_concurrent: 2,
        buffer_after_minutes: 15,
        requires_confirmation: false,
      });
      const updated = (await c.ok('update_calendar_service', { service_id: service.id, currency: 'usd', price: '40' }))
        .service;
      expect(updated).to.include({ currency: 'USD', price: '40' });
      expect((await c.ok('list_calendar_services', { calendar_id: calendarId })).count).to.equal(2);
      await c.ok('delete_calendar_service', { service_id: service.id });
      expect(
        (await c.ok('list_calendar_services', { calendar_id: calendarId })).services.map((s: any) => s.id),
      ).to.deep.equal([serviceId]);
      await c.fails('update_calendar_service', { service_id: service.id, name: 'Back' }, 'not_found');
    });
  });

  describe('notifications and bookings', () => {
    let confirmationId: number;
    let reminderId: number;

    it('create_calendar_notification refuses unknown variables and email (no email group here)', async () => {
      const base = { action: 'create', calendar_id: calendarId, timing_minutes: 0 };
      await c.fails(
        'create_calendar_notification',
        { ...base, notification_type: 'confirmation', channel: 'whatsapp', template_text: 'Hola {nmbre}' },
        'invalid_arguments',
      );
      const email = await c.fails(
        'create_calendar_notification',
        { ...base, notification_type: 'confirmation', channel: 'both', template_text: 'Hola' },
        'group_not_enabled',
      );
      expect(email.group).to.equal('email');
      confirmationId = (
        await c.ok('create_calendar_notification', {
          ...base,
          notification_type: 'confirmation',
          channel: 'whatsapp',
          template_text: 'Hola {nombre}: {servicio} el {fecha} a las {hora} en {tienda}. {precio} {reprogramada}',
        })
      ).notification.id;
      const reminder = await c.ok('create_calendar_notification', {
        ...base,
        notification_type: 'reminder',
        channel: 'whatsapp',
        timing_minutes: 1440,
        template_text: 'Mañana: {servicio} a las {hora}',
      });
      expect(reminder.notification).to.include({
        notification_type: 'reminder',
        timing_minutes: 1440,
        is_enabled: true,
      });
      reminderId = reminder.notification.id;
      for (const [type, template] of [
        ['cancellation', 'Cancelada: {servicio}'],
        ['follow_up', '¿Qué tal {servicio}?'],
        ['no_show', 'Te esperábamos, {nombre}'],
      ])
        await c.ok('create_calendar_notification', {
          ...base,
          notification_type: type,
          channel: 'whatsapp',
          template_text: template,
        });
    });

    it('books a free slot (confirmed), plans the confirmation and the reminder, and sends the due one exactly once', async () => {
      const { event, created } = await book({
        start_datetime: `${monday} 10:00:00`,
        customer_name: 'Ana',
        idempotency_key: 'booking-ana',
      });
      expect(created).to.equal(true);
      expect(event).to.include({
        status: 'confirmed',
        start_datetime: `${monday} 10:00:00`,
        end_datetime: `${monday} 11:00:00`,
        timezone: ZONE,
        service_name: 'Haircut',
        phone: '+34600100200',
        price: '25.00',
        currency: 'EUR',
      });
      const planned = await deliveries(event.id);
      expect(planned.map((d: any) => [d.notification_type, d.status])).to.deep.equal([
        ['confirmation', 'scheduled'],
        ['reminder', 'scheduled'],
      ]);
      expect(new Date(planned[1].due_at).getTime()).to.equal(new Date(event.start_utc).getTime() - 86_400_000);
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      const after = await deliveries(event.id);
      expect(after[0]).to.include({ status: 'sent', attempts: 1 });
      expect(after[0].message_id).to.be.a('number');
      expect(after[1].status).to.equal('scheduled');
      const texts = await sentTexts(after[0].id);
      expect(texts).to.have.length(1);
      expect(texts[0]).to.match(/^Hola Ana: Haircut el .+ a las 10:00 en Salon Sol\. 25\.00 EUR$/);
      const [message] = await rows(k, 'select billing_source, automatic from chatapp_messages where id = ?', [
        after[0].message_id,
      ]);
      expect(message).to.include({ billing_source: 'calendar', automatic: true });
      // Another tick sends nothing more.
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      expect(await sentTexts(after[0].id)).to.have.length(1);
    });

    it('the same idempotency_key books once; another booking with it is a conflict', async () => {
      const again = await book({
        start_datetime: `${monday} 10:00:00`,
        customer_name: 'Ana',
        idempotency_key: 'booking-ana',
      });
      expect(again.created).to.equal(false);
      const conflict = await c.fails(
        'book_calendar_appointment',
        {
          calendar_id: calendarId,
          service_id: serviceId,
          phone: '+34600100200',
          start_datetime: `${monday} 11:00:00`,
          idempotency_key: 'booking-ana',
        },
        'idempotency_conflict',
      );
      expect(conflict.event_id).to.equal(again.event.id);
    });

    it('refuses a taken slot, a time outside the hours, off the grid, too soon and too far, with the reason', async () => {
      const attempt = async (start: string, reason: string) => {
        const p = await c.fails(
          'book_calendar_appointment',
          { calendar_id: calendarId, service_id: serviceId, phone: '+34600100201', start_datetime: start },
          'slot_unavailable',
        );
        expect(p.reason, start).to.equal(reason);
      };
      await attempt(`${monday} 10:00:00`, 'taken');
      await attempt(`${monday} 10:30:00`, 'taken');
      await attempt(`${monday} 12:00:00`, 'outside_hours');
      // Off the grid, but over a booking of the full service: taken is said first.
      await attempt(`${monday} 09:10:00`, 'taken');
      const soon = new Date(Date.now() + 30 * 60_000).toISOString();
      await attempt(soon, 'too_soon');
      await attempt(new Date(Date.now() + 90 * 86_400_000).toISOString(), 'too_far');
      const slots = await mondaySlots();
      expect(startsOf(slots)).to.deep.equal(['09:00', '11:00', '13:00']);
    });

    it('reschedule: same UID, SEQUENCE + 1, reminders planned again, the confirmation sent again as rescheduled', async () => {
      const { events } = await c.ok('list_calendar_events', { phone: '+34600100200', status: 'confirmed' });
      const id = events[0].id;
      const before = (await c.ok('get_calendar_event', { event_id: id })).event;
      await c.fails(
        'reschedule_calendar_event',
        { event_id: id, start_datetime: `${monday} 12:00:00` },
        'slot_unavailable',
      );
      await c.fails(
        'reschedule_calendar_event',
        { event_id: id, start_datetime: `${monday} 13:00:00`, end_datetime: `${monday} 15:00:00` },
        'invalid_arguments',
      );
      // Its own old slot does not compete with it: 10:30 overlaps only itself.
      const moved = (await c.ok('reschedule_calendar_event', { event_id: id, start_datetime: `${monday} 10:30:00` }))
        .event;
      expect(moved).to.include({ start_datetime: `${monday} 10:30:00`, end_datetime: `${monday} 11:30:00` });
      const detail = (await c.ok('get_calendar_event', { event_id: id })).event;
      expect(detail.ics_uid).to.equal(before.ics_uid);
      expect(detail.ics_sequence).to.equal(before.ics_sequence + 1);
      const reminders = detail.deliveries.filter((d: any) => d.notification_type === 'reminder');
      expect(reminders.map((d: any) => d.status)).to.deep.equal(['cancelled', 'scheduled']);
      expect(reminders[0].reason).to.equal('the event was rescheduled');
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      const confirmations = (await deliveries(id)).filter((d: any) => d.notification_type === 'confirmation');
      expect(confirmations.map((d: any) => d.status)).to.deep.equal(['sent', 'sent']);
      expect((await sentTexts(confirmations[1].id))[0]).to.match(/a las 10:30 .* reprogramada$/);
    });

    it('a service that requires confirmation books pending; confirm sends the confirmation; cancel rejects or cancels', async () => {
      await c.ok('update_calendar_service', { service_id: serviceId, requires_confirmation: true });
      const pending = (await book({ start_datetime: `${monday} 13:00:00`, phone: '+34600100300' })).event;
      expect(pending.status).to.equal('pending');
      expect((await deliveries(pending.id)).map((d: any) => d.notification_type)).to.deep.equal(['reminder']);
      const confirmed = (await c.ok('confirm_calendar_event', { event_id: pending.id })).event;
      expect(confirmed.status).to.equal('confirmed');
      const again = await c.fails('confirm_calendar_event', { event_id: pending.id }, 'invalid_state');
      expect(again).to.include({ current_status: 'confirmed' });
      expect(again.allowed).to.deep.equal(['pending']);

      const cancelled = (await c.ok('cancel_calendar_event', { event_id: pending.id, reason: 'Customer asked' })).event;
      expect(cancelled).to.include({ status: 'cancelled', cancel_reason: 'Customer asked' });
      const after = await deliveries(pending.id);
      expect(after.find((d: any) => d.notification_type === 'reminder')).to.include({ status: 'cancelled' });
      expect(after.find((d: any) => d.notification_type === 'cancellation')).to.include({ status: 'scheduled' });
      // The slot is free again.
      const slots = await mondaySlots();
      expect(startsOf(slots)).to.include('13:00');

      const rejected = (await book({ start_datetime: `${monday} 13:00:00`, phone: '+34600100301' })).event;
      expect((await c.ok('cancel_calendar_event', { event_id: rejected.id, notify: false })).event.status).to.equal(
        'rejected',
      );
      expect((await deliveries(rejected.id)).some((d: any) => d.notification_type === 'cancellation')).to.equal(false);
      await c.fails('cancel_calendar_event', { event_id: rejected.id }, 'invalid_state');
      await c.ok('update_calendar_service', { service_id: serviceId, requires_confirmation: false });
    });

    it('attendance only after the start: attended → completed with the follow-up, no_show → no_show', async () => {
      const one = (await book({ start_datetime: `${monday} 09:00:00`, phone: '+34600100400' })).event;
      await c.fails('mark_calendar_event_attendance', { event_id: one.id, attendance: 'attended' }, 'invalid_state');
      await rows(
        k,
        `update calendar_events set start_at = now() - interval '2 hours', end_at = now() - interval '1 hour' where id = ?`,
        [one.id],
      );
      const done = (await c.ok('mark_calendar_event_attendance', { event_id: one.id, attendance: 'attended' })).event;
      expect(done.status).to.equal('completed');
      expect((await deliveries(one.id)).map((d: any) => [d.notification_type, d.status])).to.deep.include([
        'follow_up',
        'scheduled',
      ]);
      await c.fails('mark_calendar_event_attendance', { event_id: one.id, attendance: 'no_show' }, 'invalid_state');

      const two = (await book({ start_datetime: `${monday} 13:00:00`, phone: '+34600100401' })).event;
      await rows(
        k,
        `update calendar_events set start_at = now() - interval '3 hours', end_at = now() - interval '2 hours' where id = ?`,
        [two.id],
      );
      expect(
        (await c.ok('mark_calendar_event_attendance', { event_id: two.id, attendance: 'no_show' })).event.status,
      ).to.equal('no_show');
      const noShow = (await deliveries(two.id)).find((d: any) => d.notification_type === 'no_show');
      expect(noShow.status).to.equal('scheduled');
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      expect(await sentTexts(noShow.id)).to.deep.equal(['Te esperábamos']);
    });

    it('a reminder planned too late is skipped with the reason; an opted-out phone fails without a send', async () => {
      await c.ok('update_calendar', { calendar_id: calendarId, min_notice_minutes: 0 });
      const soonRule = await c.ok('create_calendar_availability', {
        action: 'create',
        calendar_id: calendarId,
        rule_type: 'date_exception',
        specific_date: (await import('luxon')).DateTime.now().setZone(ZONE).toISODate(),
        start_time: '00:00',
        end_time: '24:00',
      });
      const slots = await c.ok('get_calendar_available_slots', {
        calendar_id: calendarId,
        service_id: serviceId,
        date_from: soonRule.rule.specific_date,
        date_to: soonRule.rule.specific_date,
      });
      const soon = slots.slots.find((s: any) => new Date(s.start_utc).getTime() - Date.now() < 15 * 60_000);
      if (soon) {
        const event = (await book({ start_datetime: soon.start_utc, phone: '+34600100500' })).event;
        const reminder = (await deliveries(event.id)).find((d: any) => d.notification_type === 'reminder');
        expect(reminder.status).to.equal('skipped');
        expect(reminder.reason).to.match(/^too_late: /);
      }
      await c.ok('add_chatapp_optout', { action: 'add', phone: '+34600100600', reason: 'test' });
      // Late in the evening today has no slot an hour away: the opted-out booking may go tomorrow.
      const tomorrow = (await import('luxon')).DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate();
      const tomorrowRule = await c.ok('create_calendar_availability', {
        action: 'create',
        calendar_id: calendarId,
        rule_type: 'date_exception',
        specific_date: tomorrow,
        start_time: '00:00',
        end_time: '24:00',
      });
      const ahead = await c.ok('get_calendar_available_slots', {
        calendar_id: calendarId,
        service_id: serviceId,
        date_from: soonRule.rule.specific_date,
        date_to: tomorrow,
      });
      const later = ahead.slots.filter((s: any) => new Date(s.start_utc).getTime() - Date.now() > 60 * 60_000).pop();
      const optedOut = (await book({ start_datetime: later.start_utc, phone: '+34600100600' })).event;
      expect(await k.scheduler.runTick(JOB, freshTick())).to.equal('ran');
      const confirmation = (await deliveries(optedOut.id)).find((d: any) => d.notification_type === 'confirmation');
      expect(confirmation.status).to.equal('failed');
      expect(confirmation.reason).to.match(/^opted_out: /);
      expect(await sentTexts(confirmation.id)).to.deep.equal([]);
      await c.ok('delete_calendar_availability', { rule_id: soonRule.rule.id });
      await c.ok('delete_calendar_availability', { rule_id: tomorrowRule.rule.id });
      await c.ok('update_calendar', { calendar_id: calendarId, min_notice_minutes: 120 });
    });

    it('update_calendar_notification re-plans waiting reminders; delete cancels them', async () => {
      const event = (await book({ start_datetime: `${monday} 13:00:00`, phone: '+34600100700' })).event;
      await c.ok('update_calendar_notification', { notification_id: reminderId, timing_minutes: 120 });
      const reminders = (await deliveries(event.id)).filter((d: any) => d.notification_type === 'reminder');
      // In due order: the day-before reminder (cancelled), then the new two-hours-before one.
      expect(reminders.map((d: any) => d.status)).to.deep.equal(['cancelled', 'scheduled']);
      const due = reminders.find((d: any) => d.status === 'scheduled');
      expect(new Date(due.due_at).getTime()).to.equal(new Date(event.start_utc).getTime() - 120 * 60_000);
      await c.ok('delete_calendar_notification', { notification_id: reminderId });
      expect(
        (await deliveries(event.id)).filter((d: any) => d.status === 'scheduled' && d.notification_type === 'reminder'),
      ).to.deep.equal([]);
      await c.fails('update_calendar_notification', { notification_id: reminderId, is_enabled: false }, 'not_found');
      await c.ok('update_calendar_notification', { notification_id: confirmationId, is_enabled: true });
    });

    it('a changed follow-up plans again what it had waiting, with the new timing; disabled, it plans nothing', async () => {
      // A calendar of its own, so the stats below count only the main calendar's events.
      const tuesday = nextWeekday(2);
      const own = (await c.ok('create_calendar', { name: 'Follow-ups' })).calendar.id;
      await c.ok('create_calendar_availability', {
        action: 'create',
        calendar_id: own,
        rule_type: 'date_exception',
        specific_date: tuesday,
        start_time: '09:00',
        end_time: '12:00',
      });
      const service = (
        await c.ok('create_calendar_service', {
          action: 'create',
          calendar_id: own,
          name: 'Check-up',
          duration_minutes: 30,
        })
      ).service.id;
      const { notification } = await c.ok('create_calendar_notification', {
        action: 'create',
        calendar_id: own,
        notification_type: 'follow_up',
        channel: 'whatsapp',
        timing_minutes: 1440,
        template_text: '¿Volvemos a vernos?',
      });
      const event = (
        await book({
          calendar_id: own,
          service_id: service,
          start_datetime: `${tuesday} 09:00:00`,
          phone: '+34600100800',
        })
      ).event;
      await rows(
        k,
        `update calendar_events set start_at = now() - interval '2 hours', end_at = now() - interval '1 hour' where id = ?`,
        [event.id],
      );
      const ended = (await c.ok('get_calendar_event', { event_id: event.id })).event;
      await c.ok('mark_calendar_event_attendance', { event_id: event.id, attendance: 'attended' });
      const ours = async () => (await deliveries(event.id)).filter((d: any) => d.notification_id === notification.id);
      expect((await ours()).map((d: any) => d.status)).to.deep.equal(['scheduled']);

      await c.ok('update_calendar_notification', { notification_id: notification.id, timing_minutes: 2880 });
      const replanned = await ours();
      expect(replanned.map((d: any) => d.status)).to.deep.equal(['cancelled', 'scheduled']);
      expect(new Date(replanned[1].due_at).getTime()).to.equal(new Date(ended.end_utc).getTime() + 2880 * 60_000);

      await c.ok('update_calendar_notification', { notification_id: notification.id, is_enabled: false });
      expect((await ours()).map((d: any) => d.status)).to.deep.equal(['cancelled', 'cancelled']);
    });
  });

  describe('plain events, agents and exports', () => {
    let agentId: number;

    it('create_calendar_event writes to the default calendar, an hour long, or whole local days', async () => {
      const p = await c.ok('create_calendar_event', {
        action: 'create',
        title: 'Stock take',
        start_datetime: `${monday} 09:00:00`,
        date_from: 'ignored',
        event_id: 5,
      });
      expect(p.event.calendar_id).to.equal(calendarId);
      expect(p.event).to.include({
        status: 'confirmed',
        all_day: 0,
        end_datetime: `${monday} 10:00:00`,
        service_id: null,
      });
      const holiday = (
        await c.ok('create_calendar_event', {
          action: 'create',
          title: 'Closed',
          start_datetime: `${monday} 00:00:00`,
          all_day: 1,
        })
      ).event;
      expect(holiday).to.include({ all_day: 1, start_datetime: `${monday} 00:00:00` });
      expect(holiday.end_datetime.slice(11)).to.equal('00:00:00');
      // A plain event without an agent blocks the calendar: Monday has no slots left.
      expect((await mondaySlots()).count).to.equal(0);
      await c.ok('cancel_calendar_event', { event_id: holiday.id, notify: false });
      await c.fails(
        'create_calendar_event',
        { action: 'create', title: 'Bad', start_datetime: `${monday} 10:00:00`, end_datetime: `${monday} 09:00:00` },
        'invalid_arguments',
      );
    });

    it('agents: assign, change role, view_only cannot be given events, remove unassigns, agents.deleted unassigns', async () => {
      agentId = (
        await c.ok('create_agent', { action: 'create', nickname: 'Lu', full_name: 'Lu Peña', email: 'lu@example.com' })
      ).agent.id;
      const other = (
        await c.ok('create_agent', { action: 'create', nickname: 'Mo', full_name: 'Mo Ruiz', email: 'mo@example.com' })
      ).agent.id;
      const { agent } = await c.ok('assign_calendar_agent', {
        action: 'assign',
        calendar_id: calendarId,
        agent_id: agentId,
      });
      expect(agent).to.deep.equal({ calendar_id: calendarId, agent_id: agentId, role: 'can_book' });
      await c.ok('assign_calendar_agent', {
        action: 'assign',
        calendar_id: calendarId,
        agent_id: other,
        role: 'view_only',
      });
      await c.fails(
        'assign_calendar_agent',
        { action: 'assign', calendar_id: calendarId, agent_id: 999_999 },
        'not_found',
      );

      const plain = (
        await c.ok('list_calendar_events', {
          calendar_id: calendarId,
          status: 'confirmed',
          date_from: monday,
          date_to: monday,
        })
      ).events.find((e: any) => e.title === 'Stock take');
      await c.fails('update_calendar_event', { event_id: plain.id, assigned_agent_id: other }, 'invalid_arguments');
      const assigned = (
        await c.ok('update_calendar_event', { event_id: plain.id, assigned_agent_id: agentId, title: 'Stock count' })
      ).event;
      expect(assigned).to.include({ assigned_agent_id: agentId, title: 'Stock count' });
      expect((await c.ok('list_calendar_events', { agent_id: agentId })).events.map((e: any) => e.id)).to.deep.equal([
        plain.id,
      ]);

      await c.ok('remove_calendar_agent', { calendar_id: calendarId, agent_id: agentId });
      expect((await c.ok('get_calendar_event', { event_id: plain.id })).event.assigned_agent_id).to.equal(null);
      await c.fails('remove_calendar_agent', { calendar_id: calendarId, agent_id: agentId }, 'not_found');

      await c.ok('assign_calendar_agent', {
        action: 'assign',
        calendar_id: calendarId,
        agent_id: agentId,
        role: 'owner',
      });
      await c.ok('update_calendar_event', { event_id: plain.id, assigned_agent_id: agentId });
      await c.ok('delete_agent', { action: 'delete', agent_id: agentId });
      expect((await c.ok('get_calendar_event', { event_id: plain.id })).event.assigned_agent_id).to.equal(null);
      expect(
        (await c.ok('get_calendar', { calendar_id: calendarId })).calendar.agents.map((a: any) => a.agent_id),
      ).to.deep.equal([other]);
      await c.ok('remove_calendar_agent', { calendar_id: calendarId, agent_id: other });
    });

    it('export_calendar_ics: one event is a REQUEST, a cancelled one a CANCEL with a higher SEQUENCE, a range a PUBLISH', async () => {
      const event = (
        await c.ok('list_calendar_events', { calendar_id: calendarId, status: 'confirmed', service_id: serviceId })
      ).events[0];
      const parse = (text: string) => new ICAL.Component(ICAL.parse(text));
      const request = await c.ok('export_calendar_ics', { event_id: event.id });
      expect(request).to.include({ mime_type: 'text/calendar', method: 'REQUEST', events: 1 });
      const cal = parse(request.ics);
      expect(cal.getFirstPropertyValue('method')).to.equal('REQUEST');
      const vevent = cal.getFirstSubcomponent('vevent')!;
      const detail = (await c.ok('get_calendar_event', { event_id: event.id })).event;
      expect(vevent.getFirstPropertyValue('uid')).to.equal(detail.ics_uid);
      expect(vevent.getFirstPropertyValue('sequence')).to.equal(detail.ics_sequence);
      expect((vevent.getFirstPropertyValue('dtstart') as any).toJSDate().toISOString()).to.equal(event.start_utc);

      await c.ok('cancel_calendar_event', { event_id: event.id, notify: false });
      const cancel = parse((await c.ok('export_calendar_ics', { event_id: event.id })).ics);
      expect(cancel.getFirstPropertyValue('method')).to.equal('CANCEL');
      const cancelled = cancel.getFirstSubcomponent('vevent')!;
      expect(cancelled.getFirstPropertyValue('uid')).to.equal(detail.ics_uid);
      expect(cancelled.getFirstPropertyValue('sequence')).to.equal(detail.ics_sequence + 1);
      expect(cancelled.getFirstPropertyValue('status')).to.equal('CANCELLED');

      const range = await c.ok('export_calendar_ics', { calendar_id: calendarId, date_from: monday, date_to: monday });
      expect(range.method).to.equal('PUBLISH');
      expect(parse(range.ics).getAllSubcomponents('vevent')).to.have.length(range.events);
      await c.fails('export_calendar_ics', {}, 'invalid_arguments');
    });

    it('get_calendar_stats counts per status and service, the no-show rate and the deliveries', async () => {
      const s = await c.ok('get_calendar_stats', { calendar_id: calendarId, date_from: '2020-01-01', date_to: monday });
      expect(s.events_total).to.equal(Object.values(s.by_status as Record<string, number>).reduce((a, b) => a + b, 0));
      expect(s.by_status).to.include({ completed: 1, no_show: 1 });
      expect(s.no_show_rate).to.equal(0.5);
      expect(s.open_minutes).to.be.greaterThan(0);
      expect(s.notifications.sent).to.be.greaterThan(0);
      expect(s.by_service.find((x: any) => x.service_id === serviceId).events).to.be.greaterThan(0);
      await c.fails('get_calendar_stats', { date_from: '2026-05-02', date_to: '2026-05-01' }, 'invalid_arguments');
    });

    it('delete_calendar is refused while events lie ahead, and goes with everything once they are gone', async () => {
      const refused = await c.fails('delete_calendar', { calendar_id: calendarId }, 'invalid_state');
      expect(refused.future_events).to.be.greaterThan(0);
      const extra = (await c.ok('create_calendar', { name: 'Temporary' })).calendar;
      await c.ok('create_calendar_availability', {
        action: 'create',
        calendar_id: extra.id,
        rule_type: 'weekly',
        day_of_week: 2,
        start_time: '09:00',
        end_time: '10:00',
      });
      expect(await c.ok('delete_calendar', { calendar_id: extra.id })).to.deep.include({ deleted: true, id: extra.id });
      expect(
        await rows(k, 'select id from calendar_availability_rules where shop_id = ? and calendar_id = ?', [
          shopId,
          extra.id,
        ]),
      ).to.deep.equal([]);
    });
  });
});
