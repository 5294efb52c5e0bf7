import { expect } from 'chai';
import { DateTime } from 'luxon';
import { allowed, chooseTime, hourOfWeek, HOURS_OF_WEEK, isQuiet, type TimingInput } from './timing.js';

const TZ = 'Europe/Madrid';
const flat = { histogram: new Array(HOURS_OF_WEEK).fill(0), samples: 0 };
const at = (iso: string) => DateTime.fromISO(iso, { zone: TZ }).toJSDate();
const wall = (d: Date) => DateTime.fromJSDate(d, { zone: TZ }).toFormat('ccc HH:mm');

const input = (over: Partial<TimingInput>): TimingInput => ({
  earliest: at('2030-03-04T10:00'),
  timezone: TZ,
  quiet: { from: '21:00', to: '09:00' },
  openHours: null,
  mode: 'smart',
  customer: flat,
  shop: flat,
  contactWindowEnd: null,
  ...over,
});

/** A customer who writes around `hour` on every weekday (samples at that hour of each day). */
function activeAt(hour: number, samples = 40) {
  const histogram = new Array(HOURS_OF_WEEK).fill(0);
  for (let day = 0; day < 7; day++) histogram[day * 24 + hour] = samples / 7;
  return { histogram, samples };
}

describe('smart_followup timing', () => {
  it('quiet hours crossing midnight, and a same-day range', () => {
    const q = { from: '21:00', to: '09:00' };
    expect([20 * 60 + 59, 21 * 60, 23 * 60, 0, 8 * 60 + 59, 9 * 60].map((m) => isQuiet(m, q))).to.deep.equal([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect(isQuiet(14 * 60, { from: '13:00', to: '15:00' })).to.equal(true);
    expect(isQuiet(15 * 60, { from: '13:00', to: '15:00' })).to.equal(false);
  });

  it('a delay ending at night moves to the first allowed slot in the morning (fixed and without activity)', () => {
    for (const mode of ['fixed', 'smart'] as const) {
      const { at: chosen, timing } = chooseTime(input({ earliest: at('2030-03-04T22:10'), mode }));
      expect(wall(chosen)).to.equal('Tue 09:00');
      expect(timing.method).to.equal('fixed_delay');
    }
  });

  it('opening hours are respected: a shop open only Wednesday 10–12 gets Wednesday 10:00', () => {
    const { at: chosen } = chooseTime(
      input({ earliest: at('2030-03-04T10:00'), openHours: { 3: [{ open: '10:00', close: '12:00' }] }, mode: 'fixed' }),
    );
    expect(wall(chosen)).to.equal('Wed 10:00');
  });

  it('smart timing picks the customer’s active hour, the shop’s when the customer wrote too little', () => {
    const own = chooseTime(input({ customer: activeAt(19), shop: activeAt(11, 100) }));
    expect(wall(own.at)).to.equal('Mon 19:00');
    expect(own.timing).to.include({ method: 'customer_activity', histogram_samples: 40 });
    const shops = chooseTime(input({ customer: activeAt(19, 3), shop: activeAt(11, 100) }));
    expect(wall(shops.at)).to.equal('Mon 11:00');
    expect(shops.timing.method).to.equal('shop_activity');
  });

  it('a slot inside the contact window counts more; ties go to the earliest', () => {
    const customer = activeAt(12);
    customer.histogram[hourOfWeek(at('2030-03-05T12:00'), TZ)] =
      customer.histogram[hourOfWeek(at('2030-03-04T12:00'), TZ)]!;
    const late = chooseTime(input({ customer, contactWindowEnd: null }));
    expect(wall(late.at)).to.equal('Mon 12:00');
    const within = chooseTime(
      input({ earliest: at('2030-03-04T13:00'), customer, contactWindowEnd: at('2030-03-04T20:00') }),
    );
    expect(wall(within.at)).to.equal('Tue 12:00');
    const windowed = activeAt(12);
    windowed.histogram[hourOfWeek(at('2030-03-04T18:00'), TZ)] =
      windowed.histogram[hourOfWeek(at('2030-03-05T12:00'), TZ)]! * 0.9;
    const chosen = chooseTime(
      input({ earliest: at('2030-03-04T13:00'), customer: windowed, contactWindowEnd: at('2030-03-04T20:00') }),
    );
    expect(wall(chosen.at)).to.equal('Mon 18:00');
  });

  it('on the night the clocks change (Europe/Madrid, last Sunday of March) the wall times stay right', () => {
    const { at: chosen } = chooseTime(input({ earliest: at('2030-03-30T23:30'), mode: 'fixed' }));
    expect(DateTime.fromJSDate(chosen, { zone: TZ }).toFormat('yyyy-MM-dd HH:mm')).to.equal('2030-03-31 09:00');
    expect(allowed(at('2030-03-31T08:30'), input({}))).to.equal(false);
    expect(allowed(at('2030-03-31T09:00'), input({}))).to.equal(true);
  });

  it('on a synthetic population with known peak hours, the chosen slot is one of the customer’s top 3 hours at least 80% of the time', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let hits = 0;
    const N = 500;
    for (let i = 0; i < N; i++) {
      const peak = 9 + Math.floor(random() * 12);
      const histogram = new Array(HOURS_OF_WEEK).fill(0).map(() => random() * 0.2);
      const top = [peak, Math.min(20, peak + 1), Math.max(9, peak - 1)];
      for (let day = 0; day < 7; day++) for (const [j, h] of top.entries()) histogram[day * 24 + h] += 3 - j;
      const earliest = new Date(at('2030-03-04T00:00').getTime() + Math.floor(random() * 7 * 24) * 3_600_000);
      const { at: chosen } = chooseTime(input({ earliest, customer: { histogram, samples: 30 } }));
      if (top.includes(DateTime.fromJSDate(chosen, { zone: TZ }).hour)) hits++;
    }
    expect(hits / N).to.be.at.least(0.8);
  });
});
