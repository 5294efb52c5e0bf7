/** A session's sending pace; see the README ("Baileys engine", anti-ban defaults). */
export interface ThrottleSettings {
  /** The least time between two sends of one session. */
  intervalMs: number;
  /** A random extra pause, up to this, added to each interval: an even rhythm reads as a bot. */
  jitterMs: number;
  /** A send that would wait longer than this for its slot is refused (rate_limited) instead of queued. */
  maxWaitMs: number;
}

/**
 * Hands out send slots for one session: each send takes the next slot, at least an interval plus
 * jitter after the previous one. The wait is bounded, so an HTTP caller is told to come back
 * rather than held until it times out.
 */
export class SendThrottle {
  private nextAt = 0;

  constructor(
    private readonly settings: ThrottleSettings,
    private readonly random: () => number = Math.random,
    private readonly now: () => number = Date.now,
  ) {}

  /** The wait before this send may go, or the seconds to retry after when the queue is too long. */
  reserve(): { waitMs: number } | { retryAfterSeconds: number } {
    const now = this.now();
    const start = Math.max(now, this.nextAt);
    const waitMs = start - now;
    if (waitMs > this.settings.maxWaitMs)
      return { retryAfterSeconds: Math.max(1, Math.ceil((waitMs - this.settings.maxWaitMs) / 1000)) };
    this.nextAt = start + this.settings.intervalMs + Math.floor(this.random() * this.settings.jitterMs);
    return { waitMs };
  }
}
