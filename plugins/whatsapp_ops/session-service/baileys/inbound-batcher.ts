import type { BaileysRecords, InboundRecord } from './baileys-records.js';

/**
 * Group commit for inbound messages: what the sessions receive while one statement runs is
 * stored by the next, in one statement for all of them. Under a burst (hundreds of sessions, a
 * reconnect's backlog) this is what keeps the store ahead of the network; alone, a message is
 * stored at once. Arrival order is kept.
 */
export class InboundBatcher {
  private queue: { records: InboundRecord[]; done: (error?: unknown) => void }[] = [];
  private running = false;

  constructor(
    private readonly records: BaileysRecords,
    /** Called after each statement that stored something. */
    private readonly stored: () => void,
  ) {}

  store(records: InboundRecord[]): Promise<void> {
    if (records.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.queue.push({ records, done: (error) => (error === undefined ? resolve() : reject(error)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      try {
        const ids = await this.records.storeInbound(batch.flatMap((b) => b.records));
        if (ids.length > 0) this.stored();
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.done(err);
      }
    }
    this.running = false;
  }
}
