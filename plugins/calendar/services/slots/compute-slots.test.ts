import { expect } from 'chai';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { computeSlots, type BusyEvent, type SlotQuery } from './compute-slots.js';
import type { AvailabilityRule } from './day-windows.js';

const weekly = (day: number, start: string, end: string, isAvailable = true): AvailabilityRule => ({
  ruleType: 'weekly',
  dayOfWeek: day,
  specificDate: null,
  startTime: start,
  endTime: end,
  isAvailable,
});
const onDate = (date: string, start: string, end: string, isAvailable = true): AvailabilityRule => ({
  ruleType: 'date_exception',
  dayOfWeek: null,
  specificDate: date,
  startTime: start,
  endTime: end,
  isAvailable,
});
const blocked = (where: { day?: number; date?: string }, start: string, end: string): AvailabilityRule => ({
  ruleType: 'blocked',
  dayOfWeek: where.day ?? null,
  specificDate: where.date ?? null,
  startTime: start,
  endTime: end,
  isAvailable: false,
});

const base = (over: Partial<SlotQuery>): SlotQuery => ({
  zone: 'Europe/Madrid',
  fromDate: '2026-06-01',
  toDate: '2026-06-01',
  rules: [],
  busy: [],
  service: { id: 1, durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxConcurrent: 1 },
  intervalMinutes: 60,
  earliestMs: 0,
  latestMs: Number.MAX_SAFE_INTEGER,
  bookableAgents: [],
  ...over,
});

/** Slot starts as local HH:MM (or YYYY-MM-DD HH:MM across days) in the query's zone. */
const starts = (q: SlotQuery, withDate = false) =>
  computeSlots(q).map((s) =>
    DateTime.fromMillis(s.startMs, { zone: q.zone }).toFormat(withDate ? 'yyyy-MM-dd HH:mm' : 'HH:mm'),
  );
const at = (local: string, zone = 'Europe/Madrid') => DateTime.fromSQL(local, { zone }).toMillis();
const busy = (start: string, end: string, over: Partial<BusyEvent> = {}): BusyEvent => ({
  startMs: at(start),
  endMs: at(end),
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  serviceId: 1,
  agentId: null,
  ...over,
});

// 2026-06-01 is a Monday (1).
describe('calendar: slot maths', () => {
  it('steps through the weekday hours, cut by a blocked lunch', () => {
    const q = base({ rules: [weekly(1, '09:00', '14:00'), blocked({ day: 1 }, '12:00', '13:00')] });
    expect(starts(q)).to.deep.equal(['09:00', '10:00', '11:00', '13:00']);
  });

  it('a date exception replaces the weekday’s hours; an unavailable one closes part of the day', () => {
    expect(
      starts(base({ rules: [weekly(1, '09:00', '12:00'), onDate('2026-06-01', '16:00', '18:00')] })),
    ).to.deep.equal(['16:00', '17:00']);
    expect(
      starts(base({ rules: [weekly(1, '09:00', '12:00'), onDate('2026-06-01', '10:00', '11:00', false)] })),
    ).to.deep.equal(['09:00', '11:00']);
  });

  it('a day without rules is closed, and the range covers each local date', () => {
    const q = base({ toDate: '2026-06-03', rules: [weekly(1, '09:00', '10:00'), weekly(3, '09:00', '10:00')] });
    expect(starts(q, true)).to.deep.equal(['2026-06-01 09:00', '2026-06-03 09:00']);
  });

  it('buffers count on both the existing booking and the new one', () => {
    // Existing 11:00-12:00 with 30 min after → busy until 12:30; the new service needs 30 min before.
    const q = base({
      rules: [weekly(1, '09:00', '15:00')],
      intervalMinutes: 30,
      service: { id: 1, durationMinutes: 60, bufferBeforeMinutes: 30, bufferAfterMinutes: 0, maxConcurrent: 1 },
      busy: [busy('2026-06-01 11:00', '2026-06-01 12:00', { bufferAfterMinutes: 30 })],
    });
    expect(starts(q)).to.deep.equal(['09:00', '09:30', '10:00', '13:00', '13:30', '14:00']);
    // Without the new service's buffer 12:30 is free; without the existing one's, 12:00 is too.
    const noNewBuffer = { ...q, service: { ...q.service, bufferBeforeMinutes: 0 } };
    expect(starts(noNewBuffer)).to.include('12:30');
    expect(starts({ ...noNewBuffer, busy: [{ ...q.busy[0]!, bufferAfterMinutes: 0 }] })).to.include('12:00');
  });

  it('max_concurrent 3 lets three bookings share a slot and reports what remains', () => {
    const three = (n: number) => Array.from({ length: n }, () => busy('2026-06-01 10:00', '2026-06-01 11:00'));
    const q = (n: number) =>
      base({
        rules: [weekly(1, '10:00', '11:00')],
        service: { id: 1, durationMinutes: 60, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxConcurrent: 3 },
        busy: three(n),
      });
    expect(computeSlots(q(2)).map((s) => s.remainingCapacity)).to.deep.equal([1]);
    expect(computeSlots(q(3))).to.deep.equal([]);
  });

  it('another service’s booking or a plain event without an agent blocks the calendar', () => {
    const q = base({
      rules: [weekly(1, '09:00', '12:00')],
      busy: [busy('2026-06-01 10:00', '2026-06-01 10:30', { serviceId: null })],
    });
    expect(starts(q)).to.deep.equal(['09:00', '11:00']);
  });

  it('with agents, a slot needs a free owner or can_book agent; agent_id narrows to one', () => {
    const q = base({
      rules: [weekly(1, '09:00', '11:00')],
      bookableAgents: [7, 8],
      busy: [busy('2026-06-01 09:00', '2026-06-01 10:00', { serviceId: 2, agentId: 7 })],
    });
    expect(computeSlots(q).map((s) => s.agentIds)).to.deep.equal([[8], [7, 8]]);
    expect(starts({ ...q, agentId: 7 })).to.deep.equal(['10:00']);
    expect(starts({ ...q, agentId: 9 })).to.deep.equal([]);
  });

  it('minimum notice and the booking window bound the starts', () => {
    const q = base({
      rules: [weekly(1, '09:00', '13:00')],
      earliestMs: at('2026-06-01 09:30'),
      latestMs: at('2026-06-01 11:00'),
    });
    expect(starts(q)).to.deep.equal(['10:00', '11:00']);
  });

  describe('daylight saving and odd offsets', () => {
    const dayOf = (date: string, zone: string) => DateTime.fromISO(date, { zone }).weekday % 7;
    const allDay = (date: string, zone: string, minutes = 60) =>
      base({
        zone,
        fromDate: date,
        toDate: date,
        intervalMinutes: minutes,
        service: { id: 1, durationMinutes: minutes, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxConcurrent: 1 },
        rules: [weekly(dayOf(date, zone), '00:00', '24:00')],
      });

    for (const [zone, spring, autumn] of [
      ['Europe/Madrid', '2026-03-29', '2026-10-25'],
      ['America/New_York', '2026-03-08', '2026-11-01'],
    ] as const) {
      it(`${zone}: 23 hourly slots on the spring day, 25 in autumn, none at a time that does not exist`, () => {
        const springSlots = starts(allDay(spring, zone));
        expect(springSlots).to.have.length(23);
        expect(springSlots).to.not.include('02:00');
        const autumnSlots = starts(allDay(autumn, zone));
        expect(autumnSlots).to.have.length(25);
        // The repeated hour appears twice, as two different instants.
        expect(autumnSlots.filter((s) => s === (zone === 'Europe/Madrid' ? '02:00' : '01:00'))).to.have.length(2);
      });

      it(`${zone}: 09:00 stays 09:00 local on the days around each change`, () => {
        for (const date of [spring, autumn]) {
          const d = DateTime.fromISO(date, { zone });
          const q = base({
            zone,
            fromDate: d.minus({ days: 1 }).toISODate()!,
            toDate: d.plus({ days: 1 }).toISODate()!,
            rules: [0, 1, 2, 3, 4, 5, 6].map((day) => weekly(day, '09:00', '10:00')),
          });
          expect(starts(q)).to.deep.equal(['09:00', '09:00', '09:00']);
        }
      });
    }

    it('Australia/Lord_Howe: the 30-minute shift leaves 47 half-hour slots on its spring day', () => {
      // Lord Howe moves from +10:30 to +11:00 at 02:00 on the first Sunday of October.
      expect(starts(allDay('2026-10-04', 'Australia/Lord_Howe', 30))).to.have.length(47);
    });

    it('Asia/Kolkata (+05:30): slots are on the local clock, not the UTC hour', () => {
      const q = base({
        zone: 'Asia/Kolkata',
        rules: [weekly(1, '09:00', '11:00')],
        intervalMinutes: 30,
        service: { id: 1, durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, maxConcurrent: 1 },
      });
      expect(starts(q)).to.deep.equal(['09:00', '09:30', '10:00', '10:30']);
      expect(new Date(computeSlots(q)[0]!.startMs).toISOString()).to.equal('2026-06-01T03:30:00.000Z');
    });
  });

  it('property: every slot lies in open hours, clear of widened busy time, within notice and window', () => {
    const time = fc
      .integer({ min: 0, max: 47 })
      .map((h) => `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`);
    const rule = fc.record({ day: fc.integer({ min: 0, max: 6 }), a: time, b: time }).filter((r) => r.a < r.b);
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 6 }),
            h: fc.integer({ min: 0, max: 22 }),
            len: fc.integer({ min: 15, max: 120 }),
            bb: fc.integer({ min: 0, max: 30 }),
            ba: fc.integer({ min: 0, max: 30 }),
          }),
          { maxLength: 8 },
        ),
        fc.constantFrom('Europe/Madrid', 'America/New_York', 'Asia/Kolkata'),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (rules, events, zone, before, after) => {
          const monday = DateTime.fromISO('2026-03-02', { zone });
          const busyEvents = events.map((e) => {
            const start = monday.plus({ days: e.day }).set({ hour: e.h }).toMillis();
            return {
              startMs: start,
              endMs: start + e.len * 60_000,
              bufferBeforeMinutes: e.bb,
              bufferAfterMinutes: e.ba,
              serviceId: null,
              agentId: null,
            };
          });
          const q = base({
            zone,
            fromDate: '2026-03-02',
            toDate: '2026-03-08',
            rules: rules.map((r) => weekly(r.day, r.a, r.b)),
            busy: busyEvents,
            intervalMinutes: 15,
            service: {
              id: 1,
              durationMinutes: 30,
              bufferBeforeMinutes: before,
              bufferAfterMinutes: after,
              maxConcurrent: 1,
            },
            earliestMs: monday.plus({ hours: 30 }).toMillis(),
            latestMs: monday.plus({ days: 6 }).toMillis(),
          });
          for (const s of computeSlots(q)) {
            if (s.startMs < q.earliestMs || s.startMs > q.latestMs) return false;
            const local = DateTime.fromMillis(s.startMs, { zone });
            const end = DateTime.fromMillis(s.endMs, { zone });
            const minutes = local.hour * 60 + local.minute;
            const endMinutes = end.hour * 60 + end.minute || 1440;
            // Adjacent or overlapping rules merge, so each quarter hour of the slot must be open.
            for (let m = minutes; m < endMinutes; m += 15)
              if (!rules.some((r) => r.day === local.weekday % 7 && m >= toMin(r.a) && m + 15 <= toMin(r.b)))
                return false;
            for (const b of busyEvents)
              if (
                s.startMs - before * 60_000 < b.endMs + b.bufferAfterMinutes * 60_000 &&
                b.startMs - b.bufferBeforeMinutes * 60_000 < s.endMs + after * 60_000
              )
                return false;
          }
          return true;
        },
      ),
      { numRuns: 300 },
    );
  });
});

const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
