/**
 * Calendar benchmark (not a test). Targets, on the local PostgreSQL:
 *
 * 1. get_calendar_available_slots over 31 days with 10 weekly rules, 20 date exceptions, 500
 *    existing events and a 15-minute interval, over MCP (tools/call through the server's route):
 *    p50 ≤ 20 ms, p99 ≤ 50 ms over --runs calls.
 * 2. Booking race: 50 concurrent book_calendar_appointment calls on one slot of capacity 3, --rounds
 *    times: exactly 3 bookings each round, and the p95 latency of a booking call ≤ 150 ms.
 * 3. 10,000 reminders due in the same minute, sent by the delivery job through the send path to
 *    the sandbox network: lateness (sent − due) p99 ≤ 60 s, and 0 duplicates on the network.
 *
 *   npm run bench:calendar [-- --runs 200 --rounds 100 --reminders 10000]
 */
import { parseArgs } from 'node:util';
import { DateTime } from 'luxon';
import { benchKernel } from './bench-kernel.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '100' },
    reminders: { type: 'string', default: '10000' },
  },
});
const RUNS = Number(values.runs);
const ROUNDS = Number(values.rounds);
const REMINDERS = Number(values.reminders);
const ZONE = 'Europe/Madrid';

const { kernel, close } = await benchKernel();
const conn = kernel.orm.em.getConnection();
const { shopId, token } = await kernel.shops.create({ name: 'Calendar bench', timezone: ZONE, credits: 100_000_000 });

let rpcId = 1;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads the fields each tool's README documents
async function call(name: string, args: Record<string, unknown>): Promise<{ ms: number; payload: any }> {
  const t = performance.now();
  const res = await kernel.app.inject({
    method: 'POST',
    url: '/',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method: 'tools/call', params: { name, arguments: args } }),
  });
  return { ms: performance.now() - t, payload: res.json().result.structuredContent };
}
async function ok(name: string, args: Record<string, unknown>) {
  const { payload } = await call(name, args);
  if (!payload.success) throw new Error(`${name}: ${JSON.stringify(payload)}`);
  return payload;
}
const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

// ---------------------------------------------------------------- 1. slots
const calendarId = (
  await ok('create_calendar', { name: 'Bench', slot_interval_minutes: 15, min_notice_minutes: 0, max_advance_days: 90 })
).calendar.id;
for (let day = 1; day <= 5; day++)
  for (const [start, end] of [
    ['09:00', '13:00'],
    ['15:00', '19:00'],
  ])
    await ok('create_calendar_availability', {
      action: 'create',
      calendar_id: calendarId,
      rule_type: 'weekly',
      day_of_week: day,
      start_time: start,
      end_time: end,
    });
const first = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 1 });
for (let i = 0; i < 20; i++)
  await ok('create_calendar_availability', {
    action: 'create',
    calendar_id: calendarId,
    rule_type: 'date_exception',
    specific_date: first.plus({ days: i + Math.floor(i / 2) }).toISODate(),
    start_time: i % 2 ? '10:00' : '12:00',
    end_time: i % 2 ? '14:00' : '13:00',
    is_available: i % 2 === 1,
  });
const serviceId = (
  await ok('create_calendar_service', {
    action: 'create',
    calendar_id: calendarId,
    name: 'Consultation',
    duration_minutes: 30,
    buffer_before_minutes: 5,
    buffer_after_minutes: 5,
    max_concurrent: 2,
  })
).service.id;
await conn.execute(
  `insert into calendar_events (shop_id, calendar_id, service_id, service_name, title, phone, start_at, end_at, all_day, buffer_before_minutes, buffer_after_minutes, status, ics_uid, ics_sequence, created_at, updated_at)
   select ?, ?, ?, 'Consultation', 'Booked', '+3465' || lpad(i::text, 7, '0'),
          ?::timestamptz + (i % 31) * interval '1 day' + (i % 40) * interval '15 minutes',
          ?::timestamptz + (i % 31) * interval '1 day' + (i % 40) * interval '15 minutes' + interval '30 minutes',
          false, 5, 5, 'confirmed', 'bench-' || i, 0, now(), now()
   from generate_series(1, 500) i`,
  [shopId, calendarId, serviceId, first.set({ hour: 9 }).toISO(), first.set({ hour: 9 }).toISO()],
);
await conn.execute('vacuum analyze calendar_events');
const slotArgs = {
  calendar_id: calendarId,
  service_id: serviceId,
  date_from: first.toISODate(),
  date_to: first.plus({ days: 30 }).toISODate(),
};
for (let i = 0; i < 5; i++) await ok('get_calendar_available_slots', slotArgs);
const slotTimes: number[] = [];
let slotCount = 0;
for (let i = 0; i < RUNS; i++) {
  const { ms, payload } = await call('get_calendar_available_slots', slotArgs);
  if (!payload.success) throw new Error(JSON.stringify(payload));
  slotCount = payload.count;
  slotTimes.push(ms);
}
console.log(
  `get_calendar_available_slots, 31 days, 10 weekly rules, 20 exceptions, 500 events, 15-min interval (${slotCount} slots): ` +
    `p50 ${pct(slotTimes, 50).toFixed(1)} ms, p99 ${pct(slotTimes, 99).toFixed(1)} ms over ${RUNS} calls`,
);

// ---------------------------------------------------------------- 2. booking race
const raceCalendar = (await ok('create_calendar', { name: 'Race', slot_interval_minutes: 15, min_notice_minutes: 0 }))
  .calendar.id;
for (let day = 0; day < 7; day++)
  await ok('create_calendar_availability', {
    action: 'create',
    calendar_id: raceCalendar,
    rule_type: 'weekly',
    day_of_week: day,
    start_time: '00:00',
    end_time: '24:00',
  });
const raceService = (
  await ok('create_calendar_service', {
    action: 'create',
    calendar_id: raceCalendar,
    name: 'Class',
    duration_minutes: 15,
    max_concurrent: 3,
  })
).service.id;
const bookingTimes: number[] = [];
let wrongRounds = 0;
for (let round = 0; round < ROUNDS; round++) {
  const start = first.plus({ days: 1, minutes: 15 * round }).toFormat('yyyy-MM-dd HH:mm:ss');
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      call('book_calendar_appointment', {
        calendar_id: raceCalendar,
        service_id: raceService,
        start_datetime: start,
        phone: `+3466${String(round * 100 + i).padStart(7, '0')}`,
      }),
    ),
  );
  for (const a of answers) bookingTimes.push(a.ms);
  if (answers.filter((a) => a.payload.success).length !== 3) wrongRounds++;
}
console.log(
  `booking race, 50 at once for 3 places × ${ROUNDS}: ${wrongRounds === 0 ? 'exactly 3 booked every round' : `${wrongRounds} WRONG rounds`}; ` +
    `call latency p50 ${pct(bookingTimes, 50).toFixed(1)} ms, p95 ${pct(bookingTimes, 95).toFixed(1)} ms`,
);

// ---------------------------------------------------------------- 3. reminders
const connected = await ok('connect_chatapp', {});
await kernel.app.inject({
  method: 'GET',
  url: `${new URL(connected.pairing.pairing_url).pathname}?phone=${encodeURIComponent('+34711000123')}`,
  headers: { accept: 'application/json' },
});
for (let i = 0; ; i++) {
  const { session } = await ok('get_chatapp_status', { session_id: connected.session.id });
  if (session.status === 'connected') break;
  if (i > 200) throw new Error('the sandbox line did not connect');
  await new Promise((r) => setTimeout(r, 50));
}
const notificationId = (
  await ok('create_calendar_notification', {
    action: 'create',
    calendar_id: calendarId,
    notification_type: 'reminder',
    channel: 'whatsapp',
    timing_minutes: 60,
    template_text: 'Recordatorio {servicio} a las {hora}',
  })
).notification.id;
await conn.execute(
  `insert into calendar_events (shop_id, calendar_id, title, phone, start_at, end_at, all_day, buffer_before_minutes, buffer_after_minutes, status, ics_uid, ics_sequence, created_at, updated_at)
   select ?, ?, 'Reminder ' || i, '+3467' || lpad(i::text, 7, '0'), now() + interval '1 hour', now() + interval '2 hours', false, 0, 0, 'cancelled', 'reminder-' || i, 0, now(), now()
   from generate_series(1, ?) i`,
  [shopId, calendarId, REMINDERS],
);
// The events are written cancelled so they take no slot from part 1; they are confirmed with the deliveries.
// (Part 1's bookings got their own reminders when the notification was made: an hour before, not due now.)
await conn.execute(
  `with due as (update calendar_events set status = 'confirmed' where shop_id = ? and title like 'Reminder %' returning id)
   insert into calendar_deliveries (shop_id, event_id, notification_id, notification_type, channel, due_at, status, attempts, created_at, updated_at)
   select ?, id, ?, 'reminder', 'whatsapp', now(), 'scheduled', 0, now(), now() from due`,
  [shopId, shopId, notificationId],
);
const t0 = performance.now();
let tick = Date.UTC(2003, 0, 1);
for (;;) {
  await kernel.scheduler.runTick('calendar.send-calendar-notifications', new Date((tick += 1000)));
  const [{ n }] = await conn.execute(
    `select count(*)::int n from calendar_deliveries where status in ('scheduled', 'sending') and due_at <= now()`,
  );
  if (n === 0) break;
}
const seconds = (performance.now() - t0) / 1000;
const lateness = (
  await conn.execute(
    `select extract(epoch from (sent_at - due_at)) s from calendar_deliveries where notification_id = ? and status = 'sent'`,
    [notificationId],
  )
).map((r) => Number((r as { s: string }).s));
const [{ dup }] = await conn.execute(
  `select count(*)::int dup from (select idempotency_key from sandbox_messages where idempotency_key like 'calendar-delivery-%' group by idempotency_key having count(*) > 1) d`,
);
console.log(
  `${REMINDERS.toLocaleString('en')} reminders due at once: ${lateness.length.toLocaleString('en')} sent in ${seconds.toFixed(1)} s ` +
    `(${Math.round(lateness.length / seconds)} /s); lateness p50 ${pct(lateness, 50).toFixed(1)} s, p99 ${pct(lateness, 99).toFixed(1)} s; duplicates on the network: ${dup}`,
);
await close();
