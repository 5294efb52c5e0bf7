import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';

/** An idle worker looks again at most this many intervals later (work another process queued). */
export const IDLE_INTERVALS = 8;

/**
 * Runs one tick at a time: at once after a tick that did work (there may be more) or after wake()
 * (a send or a pairing just queued an event). After an idle tick it asks when its next work is due
 * (a receipt, a retry) and sleeps until then — at least intervalMs, at most IDLE_INTERVALS of them:
 * an idle server ran both workers' transactions four times a second each, most of what it did and
 * allocated with no traffic. A tick that fails is logged and the loop goes on after intervalMs;
 * stop() waits for the running tick so nothing touches the database after its owner closed it.
 *
 * Ticks run in the async context the worker was created in, never in the one of the caller that
 * woke it: a wake() from inside a caller's transaction must not hand that (soon finished)
 * transaction to the event handlers the tick calls.
 */
export class SandboxWorker {
  private readonly context = new AsyncResource('SandboxWorker');
  private timer: NodeJS.Timeout | undefined;
  /** The running tick; resolves to how long to wait before the next one. */
  private running: Promise<number> | undefined;
  private again = false;
  private stopped = true;

  constructor(
    /** Resolves true when it did work. */
    private readonly tick: () => Promise<boolean>,
    /** When the earliest work known now falls due (epoch ms), or null when none is waiting. */
    private readonly nextDueAt: () => Promise<number | null>,
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
    this.running = this.tick()
      .then(async (busy) => (busy ? 0 : await this.idleWait()))
      .catch((err) => {
        this.log.error({ err }, 'sandbox engine tick failed');
        return this.intervalMs;
      });
    const waitMs = await this.running;
    this.running = undefined;
    if (this.stopped) return;
    this.schedule(this.again ? 0 : waitMs);
    this.again = false;
  }

  private async idleWait(): Promise<number> {
    const due = await this.nextDueAt();
    const longest = this.intervalMs * IDLE_INTERVALS;
    return due === null ? longest : Math.min(longest, Math.max(this.intervalMs, due - Date.now()));
  }
}
