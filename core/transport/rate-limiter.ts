/**
 * Fixed-window counters in this process's memory. Limits are per server process: enough to stop
 * a runaway client or a token-guessing loop without a round trip to a shared store per request.
 */
export class FixedWindowLimiter {
  private counts = new Map<string, number>();
  private windowStart = Date.now();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number {
    this.roll();
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count > this.limit ? this.retryAfter() : 0;
  }

  /** Whether the key is already over its limit, without counting a hit. */
  blocked(key: string): number {
    this.roll();
    return (this.counts.get(key) ?? 0) >= this.limit ? this.retryAfter() : 0;
  }

  private roll() {
    const now = Date.now();
    if (now - this.windowStart >= this.windowMs) {
      this.counts = new Map();
      this.windowStart = now - ((now - this.windowStart) % this.windowMs);
    }
  }

  private retryAfter(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - Date.now()) / 1000));
  }
}
