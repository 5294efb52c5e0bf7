import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs one tick at a time: at once after a tick that did work (there may be more) or after wake()
 * (a send or a pairing just queued an event), else every intervalMs. A tick that fails is logged
 * and the loop goes on after intervalMs; stop() waits for the running tick so nothing touches the
 * database after its owner closed it.
 *
 * Ticks run in the async context the worker was created in, never in the one of the caller that
 * woke it: a wake() from inside a caller's transaction must not hand that (soon finished)
 * transaction to the event handlers the tick calls.
 */
export class SandboxWorker {
  private readonly context = new AsyncResource('SandboxWorker');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<boolean> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    /** Resolves true when it did work. */
    private readonly tick: () => Promise<boolean>,
    private readonly intervalMs: number,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(ms: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.context.runInAsyncScope(() => void this.run()), ms);
  }

  private async run() {
    this.running = this.tick().catch((err) => {
      this.log.error({ err }, 'sandbox engine tick failed');
      return false;
    });
    const busy = await this.running;
    this.running = undefined;
    if (this.stopped) return;
    this.schedule(busy || this.again ? 0 : this.intervalMs);
    this.again = false;
  }
}
