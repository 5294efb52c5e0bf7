import type { FastifyBaseLogger } from 'fastify';
import type { SetupContext } from '../../../../core/index.js';
import type { PageAhead } from './sync-service.js';

/**
 * Runs sync runs' pages in this process, one run at a time per run id, each page in its own short
 * transaction with no transaction held while the store answers; the store reads the next page while
 * one is written. Started by sync_products after its run committed, and by the resume job for runs
 * whose process died.
 */
export class ProductSyncWorker {
  private readonly active = new Map<number, Promise<void>>();

  constructor(
    private readonly withShop: SetupContext['withShop'],
    private readonly log: FastifyBaseLogger,
  ) {}

  kick(shopId: number, runId: number): Promise<void> {
    const running = this.active.get(runId);
    if (running) return running;
    const work = (async () => {
      try {
        let ahead: PageAhead | undefined;
        for (let done = false; !done;)
          ({ done, ahead } = await this.withShop(
            shopId,
            (ctx) => ctx.services.productSync.step(runId, (w) => ctx.transaction(w), ahead),
            { transactional: false },
          ));
      } catch (err) {
        this.log.warn({ err, runId }, 'product sync stopped; the resume job takes it up again');
      } finally {
        this.active.delete(runId);
      }
    })();
    this.active.set(runId, work);
    return work;
  }
}
