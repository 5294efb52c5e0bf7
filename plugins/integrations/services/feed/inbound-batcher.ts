import type { SetupContext } from '../../../../core/index.js';
import type { InboundDelivery, InboundOutcome } from './feed-service.js';

interface Waiting {
  delivery: InboundDelivery;
  resolve: (outcome: InboundOutcome) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for inbound webhooks: one shop's deliveries that arrive while its previous batch
 * is being written go into the next one, a single transaction (one insert, the domain events,
 * one commit), and each request is answered once its batch committed. A store sending a burst
 * pays one transaction per batch, not per delivery; a lone delivery is written at once. A batch
 * that fails fails all of its requests (500), and the stores retry them.
 */
export class InboundBatcher {
  private readonly queues = new Map<number, Waiting[]>();

  constructor(
    private readonly withShop: SetupContext['withShop'],
    private readonly maxBatch = 200,
  ) {}

  submit(shopId: number, delivery: InboundDelivery): Promise<InboundOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(shopId);
      if (queue) {
        queue.push({ delivery, resolve, reject });
        return;
      }
      const fresh: Waiting[] = [{ delivery, resolve, reject }];
      this.queues.set(shopId, fresh);
      // Next turn of the loop: requests already read join the first batch.
      setImmediate(() => void this.drain(shopId, fresh));
    });
  }

  private async drain(shopId: number, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0, this.maxBatch);
      try {
        const outcomes = await this.withShop(
          shopId,
          ({ services }) => services.ecommerceFeed.receive(batch.map((w) => w.delivery)),
          { transactional: true },
        );
        batch.forEach((w, i) => w.resolve(outcomes[i]!));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.queues.delete(shopId);
  }
}
