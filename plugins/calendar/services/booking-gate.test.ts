import { expect } from 'chai';
import { BookingGate } from './booking-gate.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('calendar: the booking gate', () => {
  it('runs one calendar’s bookings one at a time, in arrival order, and other calendars alongside', async () => {
    const gate = new BookingGate();
    const log: string[] = [];
    let openA!: () => void;
    const first = gate.run('1 7', async () => {
      log.push('a1 start');
      await new Promise<void>((resolve) => (openA = resolve));
      log.push('a1 end');
    });
    const second = gate.run('1 7', async () => void log.push('a2'));
    const other = gate.run('1 8', async () => void log.push('b1'));
    await tick();
    expect(log).to.deep.equal(['a1 start', 'b1']);
    openA();
    await Promise.all([first, second, other]);
    expect(log).to.deep.equal(['a1 start', 'b1', 'a1 end', 'a2']);
  });

  it('a failed booking lets the next one run', async () => {
    const gate = new BookingGate();
    const failed = await gate
      .run('1 7', async () => {
        throw new Error('refused');
      })
      .catch((err: Error) => err.message);
    expect(failed).to.equal('refused');
    expect(await gate.run('1 7', async () => 'next')).to.equal('next');
  });

  it('a slot found full answers only the calls that arrived before the read began', async () => {
    const gate = new BookingGate();
    const early = gate.now();
    const seen: boolean[] = [];
    await gate.run('1 7', async (verdicts) => {
      const readBegan = gate.now();
      verdicts.fullAsOf('3 2030-05-01 09:00:00', readBegan);
      seen.push(verdicts.fullAfter('3 2030-05-01 09:00:00', early));
      seen.push(verdicts.fullAfter('3 2030-05-01 09:15:00', early), verdicts.fullAfter('4 2030-05-01 09:00:00', early));
      seen.push(verdicts.fullAfter('3 2030-05-01 09:00:00', gate.now()));
    });
    expect(seen).to.deep.equal([true, false, false, false]);
  });

  it('forgets a calendar’s verdicts once no booking waits on it', async () => {
    const gate = new BookingGate();
    const arrived = gate.now();
    await gate.run('1 7', async (verdicts) => verdicts.fullAsOf('3 x', gate.now()));
    const later = await gate.run('1 7', async (verdicts) => verdicts.fullAfter('3 x', arrived));
    expect(later).to.equal(false);
  });
});
