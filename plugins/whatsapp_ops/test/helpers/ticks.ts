let last = 0;

/**
 * A tick time no other tick of this test run has used. Ticks are leased per job and second in the
 * shared database, so two files driving the same job must never pick the same second. A few
 * seconds ahead, so whatever a test made due just now is due at the tick.
 */
export function freshTick(): Date {
  last = Math.max(Math.ceil((Date.now() + 5_000) / 1000) * 1000, last + 1000);
  return new Date(last);
}
