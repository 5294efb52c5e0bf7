/** One calendar's bookings in this process: how many wait, and which slots were found full. */
interface Lane {
  tail: Promise<void>;
  waiting: number;
  /** A slot (service and start) → when the read that found it booked to capacity began. */
  fullSince: Map<string, number>;
}

/** What a booking waiting in a calendar's lane may know of its slot. */
export interface SlotVerdicts {
  /** The slot was found full by a read that began after this call arrived. */
  fullAfter(slot: string, arrived: number): boolean;
  fullAsOf(slot: string, readBegan: number): void;
}

/**
 * Bookings of one calendar run one at a time in this process, and a check that finds a slot
 * booked to capacity answers every booking of that slot that was already waiting.
 *
 * Why: in a race for the last places (50 customers at once for 3), each call used to open a
 * transaction and queue on the calendar's database lock, and each loser in turn took the lock to
 * see the slot full: most of the race was spent in a chain of losers. Waiting here holds no
 * connection, and a loser whose slot was seen full by a read that began after it arrived takes
 * that answer as its own — the read is ordered after the call, so the answer is one the call
 * could have had. The database lock still serialises bookings across processes; the gate only
 * orders this process's.
 */
export class BookingGate {
  private clock = 0;
  private readonly lanes = new Map<string, Lane>();

  /** A point in this process's order of arrivals and reads. */
  now(): number {
    return ++this.clock;
  }

  async run<T>(calendarKey: string, work: (verdicts: SlotVerdicts) => Promise<T>): Promise<T> {
    let lane = this.lanes.get(calendarKey);
    if (!lane) this.lanes.set(calendarKey, (lane = { tail: Promise.resolve(), waiting: 0, fullSince: new Map() }));
    const own = lane;
    own.waiting++;
    const previous = own.tail;
    let release!: () => void;
    own.tail = new Promise<void>((resolve) => (release = resolve));
    await previous;
    try {
      return await work({
        fullAfter: (slot, arrived) => (own.fullSince.get(slot) ?? 0) > arrived,
        fullAsOf: (slot, readBegan) => void own.fullSince.set(slot, readBegan),
      });
    } finally {
      release();
      if (--own.waiting === 0) this.lanes.delete(calendarKey);
    }
  }
}
