let last = Date.UTC(2001, 0, 1);

/**
 * A tick time no other tick of this test run uses. Ticks are leased per job and second in the
 * shared database, so two files driving the same job must never pick the same second: these are
 * distinct seconds of 2001, far from the present that other tests tick at. The jobs read the
 * clock themselves, so the tick time says only which tick it is.
 */
export function freshTick(): Date {
  last += 1000;
  return new Date(last);
}
