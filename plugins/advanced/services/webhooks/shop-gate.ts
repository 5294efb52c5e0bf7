/**
 * At most `limit` places per shop taken at once in this process: the relay's workers are shared, so
 * a slow receiver holds its own shop's deliveries back, not everyone's. The advanced group keeps
 * two: requests in flight to a shop's endpoint, and attempts begun whose outcome is not yet written.
 */
export class ShopGate {
  private readonly taken = new Map<number, number>();
  private readonly waiting = new Map<number, (() => void)[]>();

  constructor(private readonly limit: number) {}

  async run<T>(shopId: number, work: () => Promise<T>): Promise<T> {
    await this.acquire(shopId);
    try {
      return await work();
    } finally {
      this.release(shopId);
    }
  }

  acquire(shopId: number): Promise<void> {
    const taken = this.taken.get(shopId) ?? 0;
    if (taken < this.limit) {
      this.taken.set(shopId, taken + 1);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const queue = this.waiting.get(shopId) ?? [];
      queue.push(resolve);
      this.waiting.set(shopId, queue);
    });
  }

  /** A waiter takes a freed place directly, so the count never dips below what is taken. */
  release(shopId: number, places = 1): void {
    for (let i = 0; i < places; i++) {
      const next = this.waiting.get(shopId)?.shift();
      if (next) {
        next();
        continue;
      }
      this.waiting.delete(shopId);
      const left = (this.taken.get(shopId) ?? 1) - 1;
      if (left > 0) this.taken.set(shopId, left);
      else this.taken.delete(shopId);
    }
  }
}
