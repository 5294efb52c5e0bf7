import { AsyncResource } from 'node:async_hooks';
import type { SetupContext } from '../../../core/index.js';
import type { LineStop } from '../channel/providers/provider-kind.js';
import type { SandboxEngine } from '../sandbox/sandbox-engine.js';
import type { WhatsappOpsConfig } from '../config.js';
import { retryUnsentMessages } from './sending-retry.js';

/**
 * The channel's work beside the requests: the sandbox engine (in that mode), the resend at start
 * of messages a previous run left waiting, and the stopped lines being recorded. The manifest's
 * onReady starts it and its onClose waits for it.
 */
export class ChannelWorkers {
  // Made at setup, so a stop is recorded in setup's async context: the send that met the refusal
  // may roll back (a tool call answering the error), and the stop must stay, so it must not join
  // that call's transaction.
  private readonly outside = new AsyncResource('ChatappLineStops');
  private readonly stopping = new Set<Promise<unknown>>();
  private startupRetry: Promise<void> | undefined;

  constructor(
    private readonly setup: SetupContext<WhatsappOpsConfig>,
    private readonly engine: SandboxEngine | undefined,
  ) {}

  /** Records a stopped line in a unit of work of its own. */
  recordStop(stop: LineStop): void {
    this.outside.runInAsyncScope(() => {
      const work = this.setup
        .withShop(stop.shopId, ({ services }) => services.chatappSessionsService.stopLines(stop), {
          transactional: true,
        })
        .catch((err) => this.setup.log.error({ err, providerId: stop.providerId }, 'recording a stopped line failed'))
        .finally(() => this.stopping.delete(work));
      this.stopping.add(work);
    });
  }

  /** Starts the engine, and sends again what a previous run left waiting without holding up readiness. */
  start(): void {
    this.engine?.start();
    const { rootEm, withShop, log } = this.setup;
    this.startupRetry = retryUnsentMessages(
      rootEm.fork(),
      (shopId, work) => withShop(shopId, work, { transactional: true }),
      (shopId, err) => log.error({ err, shopId }, 'retrying unsent messages at start failed'),
    ).catch((err) => log.error({ err }, 'retrying unsent messages at start failed'));
  }

  /** Waits for the start-up resend and the stops being recorded, then stops the engine. */
  async stop(): Promise<void> {
    await this.startupRetry;
    await Promise.all(this.stopping);
    await this.engine?.stop();
  }
}
