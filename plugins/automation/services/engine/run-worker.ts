import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PollingLoop, type EntityManager, type SetupContext, type ToolContext } from '../../../../core/index.js';
import type { AutomationConfig } from '../../config.js';
import { prepare } from './interpreter.js';
import { liveExternals } from './live-externals.js';
import { runOrigin } from './run-origin.js';

/** Steps one claim may take before the run goes back to the queue (other runs get their turn). */
const STEPS_PER_CLAIM = 50;

interface Claim {
  id: number;
  shop_id: number;
}

/**
 * Runs workflows. Each server process has one worker: a pass claims runnable runs — queued, waiting
 * ones whose time came (or whose answer arrived), running ones whose worker's lease expired — with
 * `FOR UPDATE SKIP LOCKED` and a lease, then advances them `concurrency` at a time, a transaction
 * per step. Several processes share the table without running a step twice at once; a killed
 * worker's runs are taken over when their lease ends and go on from the step that did not commit.
 */
export class RunWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly loop: PollingLoop;
  private stopping = false;

  constructor(
    private readonly rootEm: EntityManager,
    private readonly withShop: SetupContext['withShop'],
    private readonly config: AutomationConfig,
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new PollingLoop(
      async () => (await this.drain()) > 0,
      config.worker.pollMs,
      (err) => log.error({ err }, 'automation worker: pass failed'),
    );
  }

  start(): void {
    if (this.config.worker.enabled) this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
  }

  /** One pass: claims a batch and advances it. Returns how many runs it took. */
  async drain(): Promise<number> {
    const claims = await this.claim();
    let next = 0;
    const lane = async () => {
      while (next < claims.length && !this.stopping) {
        const claim = claims[next++]!;
        await this.withShop(claim.shop_id, (ctx) => this.advance(ctx, claim.id), { transactional: false }).catch(
          (err) =>
            this.log.error(
              { err, runId: claim.id, shopId: claim.shop_id },
              'automation worker: a run failed to advance',
            ),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.worker.concurrency, claims.length) }, lane));
    return claims.length;
  }

  private async claim(): Promise<Claim[]> {
    return (await this.rootEm.getConnection().execute(
      `update automation_runs set status = 'running', lease_owner = ?, lease_until = now() + make_interval(secs => ?),
         waiting_for = null, started_at = coalesce(started_at, now()), updated_at = now()
       where id in (select id from automation_runs
                    where (status in ('queued', 'waiting') and wake_at <= now()) or (status = 'running' and lease_until < now())
                    order by wake_at nulls first, id limit ? for update skip locked)
       returning id, shop_id`,
      [this.owner, this.config.worker.leaseSeconds, this.config.worker.batch],
    )) as Claim[];
  }

  /** Advances one claimed run step by step until it waits, ends, or has had its share. */
  private async advance(ctx: ToolContext, runId: number): Promise<void> {
    const lease = this.config.worker.leaseSeconds;
    for (let i = 0; i < STEPS_PER_CLAIM && !this.stopping; i++) {
      const peek = await ctx.transaction(({ services }) => services.automationRunStepper.peek(runId, this.owner));
      if (!peek) return;
      if (peek.external && peek.step && peek.placeholders) {
        // The model or the endpoint is called with no transaction open; its answer is kept first.
        const input = { cursor: peek.cursor, placeholders: peek.placeholders };
        const prepared = await prepare(peek.step, input, liveExternals(ctx.services, this.config));
        const at = { stepId: peek.cursor.stepId!, visit: peek.cursor.visits[peek.cursor.stepId!] ?? 0 };
        if (
          !(await ctx.transaction(({ services }) =>
            services.automationRunStepper.keep(runId, this.owner, at, prepared, lease),
          ))
        )
          return;
      }
      const origin = peek.origin;
      const goesOn = await runOrigin.run(origin, () =>
        ctx.transaction(({ services }) => services.automationRunStepper.step(runId, this.owner, lease)),
      );
      if (!goesOn) return;
    }
    await ctx.transaction(({ services }) => services.automationRunStepper.release(runId, this.owner));
  }
}
