/**
 * At most `limit` requests in flight to one shop's endpoint from this process: a slow receiver
 * holds its own shop's deliveries back, not everyone's (the relay's workers are shared).
 */
export class ShopGate {
  private readonly running = new Map<number, number>();
  private readonly waiting = new Map<number, (() => void)[]>();

  constructor(private readonly limit: number) {}

  async run<T>(shopId: number, work: () => Promise<T>): Promise<T> {
    if ((this.running.get(shopId) ?? 0) >= this.limit)
      await new Promise<void>((resolve) => {
        const queue = this.waiting.get(shopId) ?? [];
        queue.push(resolve);
        this.waiting.set(shopId, queue);
      });
    else this.running.set(shopId, (this.running.get(shopId) ?? 0) + 1);
    try {
      return await work();
    } finally {
      this.release(shopId);
    }
  }

  /** A waiter takes the freed place directly, so the count never dips below what is running. */
  private release(shopId: number): void {
    const next = this.waiting.get(shopId)?.shift();
    if (next) return next();
    this.waiting.delete(shopId);
    const left = (this.running.get(shopId) ?? 1) - 1;
    if (left > 0) this.running.set(shopId, left);
    else this.running.delete(shopId);
  }
}
