import { expect } from 'chai';
import { DateTime } from 'luxon';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootCalendar, caller, ZONE } from './helpers.js';

const RUNS = 100;
const CONCURRENT = 50;
const CAPACITY = 3;

/**
 * The double-booking guarantee: 50 bookings of one slot with room for 3, sent at once, give
 * exactly 3 bookings and 47 slot_unavailable answers, in every one of 100 runs (a fresh slot each),
 * from one process and from two.
 */
describe('calendar: the booking race', function () {
  // 5,000 booking calls: about 30 s on PostgreSQL, longer on the embedded engine.
  this.timeout(300_000);
  let k: TestKernel;
  let token: string;
  let calendarId: number;
  let serviceId: number;

  before(async () => {
    // 5,000 calls from one shop: past the per-shop request limit, which is not what is tested here.
    k = await bootCalendar({}, { kernel: { auth: { requestsPerWindow: 100_000 } } });
    const shop = await k.shops.create({ name: 'Race shop', timezone: ZONE, credits: 10_000 });
    token = shop.token;
    const c = caller(k, token);
    calendarId = (await c.ok('create_calendar', { name: 'Race', min_notice_minutes: 0, slot_interval_minutes: 15 }))
      .calendar.id;
    for (let day = 0; day < 7; day++)
      await c.ok('create_calendar_availability', {
        action: 'create',
        calendar_id: calendarId,
        rule_type: 'weekly',
        day_of_week: day,
        start_time: '00:00',
        end_time: '24:00',
      });
    serviceId = (
      await c.ok('create_calendar_service', {
        action: 'create',
        calendar_id: calendarId,
        name: 'Class',
        duration_minutes: 15,
        max_concurrent: CAPACITY,
      })
    ).service.id;
  });
  after(() => k?.close());

  it(`${CONCURRENT} concurrent bookings of a slot for ${CAPACITY} book exactly ${CAPACITY}, in each of ${RUNS} runs`, async () => {
    const first = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 2, hours: 8 });
    for (let run = 0; run < RUNS; run++) {
      const start = first.plus({ minutes: 15 * run }).toFormat('yyyy-MM-dd HH:mm:ss');
      const answers = await Promise.all(
        Array.from({ length: CONCURRENT }, (_, i) =>
          k.call(token, 'book_calendar_appointment', {
            calendar_id: calendarId,
            service_id: serviceId,
            start_datetime: start,
            phone: `+3460${String(run * 100 + i).padStart(7, '0')}`,
          }),
        ),
      );
      const booked = answers.filter((a) => a.payload.success === true);
      const refused = answers.filter(
        (a) => a.payload.error_code === 'slot_unavailable' && a.payload.reason === 'taken',
      );
      expect(booked, `run ${run} at ${start}`).to.have.length(CAPACITY);
      expect(
        refused,
        `run ${run}: ${JSON.stringify(answers.find((a) => !a.payload.success && a.payload.reason !== 'taken'))}`,
      ).to.have.length(CONCURRENT - CAPACITY);
    }
    const [{ n }] = await k.orm.em
      .getConnection()
      .execute(`select count(*)::int n from calendar_events where calendar_id = ? and status = 'confirmed'`, [
        calendarId,
      ]);
    expect(n).to.equal(RUNS * CAPACITY);
  });

  // Each kernel has its own booking gate, as two processes do: only the database lock stands
  // between their bookings.
  it('two processes booking one slot at once book exactly its capacity, in each of 20 runs', async () => {
    const other = await bootCalendar({}, { kernel: { auth: { requestsPerWindow: 100_000 } } });
    try {
      const first = DateTime.now().setZone(ZONE).startOf('day').plus({ days: 5, hours: 8 });
      for (let run = 0; run < 20; run++) {
        const start = first.plus({ minutes: 15 * run }).toFormat('yyyy-MM-dd HH:mm:ss');
        const answers = await Promise.all(
          Array.from({ length: CONCURRENT }, (_, i) =>
            (i % 2 === 0 ? k : other).call(token, 'book_calendar_appointment', {
              calendar_id: calendarId,
              service_id: serviceId,
              start_datetime: start,
              phone: `+3461${String(run * 100 + i).padStart(7, '0')}`,
            }),
          ),
        );
        const booked = answers.filter((a) => a.payload.success === true);
        expect(booked, `run ${run} at ${start}`).to.have.length(CAPACITY);
        expect(answers.filter((a) => a.payload.reason === 'taken')).to.have.length(CONCURRENT - CAPACITY);
      }
    } finally {
      await other.close();
    }
  });
});
