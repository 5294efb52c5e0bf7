import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PollingLoop, sql, type EntityManager, type SetupContext, type ToolContext } from '../../../../core/index.js';
import type { AutomationConfig } from '../../config.js';
import { prepare } from './interpreter.js';
import { liveExternals } from './live-externals.js';

/** Steps one claim may take before the run goes back to the queue (other runs get their turn). */
const STEPS_PER_CLAIM = 50;

interface Claim {
  id: number;
  shop_id: number;
}

/**
 * Runs workflows. Each server process has one worker: a pass claims runnable runs — queued, waiting
 * ones whose time came (or whose answer arrived), running ones whose worker's lease expired — with
 * `FOR UPDATE SKIP LOCKED` and a lease, then advances each shop's claimed runs together (up to
 * `concurrency` shops at a time), a transaction per round of steps. Several processes share the
 * table without running a step twice at once; a killed worker's runs are taken over when their
 * lease ends and go on from the step that did not commit.
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

  /** One pass: claims a batch and advances it, a shop's runs together. Returns how many runs it took. */
  async drain(): Promise<number> {
    const claims = await this.claim();
    const byShop = new Map<number, number[]>();
    for (const c of claims) {
      if (!byShop.has(c.shop_id)) byShop.set(c.shop_id, []);
      byShop.get(c.shop_id)!.push(c.id);
    }
    const groups = [...byShop];
    let next = 0;
    const lane = async () => {
      while (next < groups.length && !this.stopping) {
        const [shopId, ids] = groups[next++]!;
        await this.withShop(shopId, (ctx) => this.advance(ctx, ids), { transactional: false }).catch((err) =>
          this.log.error({ err, runIds: ids, shopId }, 'automation worker: runs failed to advance'),
        );
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.worker.concurrency, groups.length) }, lane));
    return claims.length;
  }

  private async claim(): Promise<Claim[]> {
    // A plain statement: an idle worker runs it every poll.
    return sql<Claim>(
      this.rootEm,
      `update automation_runs set status = 'running', lease_owner = $1, lease_until = now() + make_interval(secs => $2),
         waiting_for = null, started_at = coalesce(started_at, now()), updated_at = now()
       where id in (select id from automation_runs
                    where (status in ('queued', 'waiting') and wake_at <= now()) or (status = 'running' and lease_until < now())
                    order by wake_at nulls first, id limit $3 for update skip locked)
       returning id, shop_id`,
      [this.owner, this.config.worker.leaseSeconds, this.config.worker.batch],
    );
  }

  /**
   * Advances a shop's claimed runs a step at a time, all of them in one transaction per round (their
   * messages in one send), until each waits, ends, or has had its share; a run whose step reaches
   * outside does that between rounds, with no transaction open.
   */
  private async advance(ctx: ToolContext, runIds: number[]): Promise<void> {
    const lease = this.config.worker.leaseSeconds;
    let live = runIds;
    for (let round = 0; round < STEPS_PER_CLAIM && live.length > 0 && !this.stopping; round++) {
      const outcomes = await ctx.transaction(({ services }) =>
        services.automationRunStepper.stepMany(live, this.owner, lease),
      );
      const next: number[] = [];
      await Promise.all(
        live.map(async (runId) => {
          const outcome = outcomes.get(runId);
          if (outcome === true) next.push(runId);
          if (typeof outcome !== 'object') return;
          // The model or the endpoint is called with no transaction open; its answer is kept first.
          const { step, cursor, placeholders } = outcome.prepare;
          const prepared = await prepare(step, { cursor, placeholders }, liveExternals(ctx.services, this.config));
          const at = { stepId: cursor.stepId!, visit: cursor.visits[cursor.stepId!] ?? 0 };
          if (
            await ctx.transaction(({ services }) =>
              services.automationRunStepper.keep(runId, this.owner, at, prepared, lease),
            )
          )
            next.push(runId);
        }),
      );
      live = next;
    }
    for (const runId of live)
      await ctx.transaction(({ services }) => services.automationRunStepper.release(runId, this.owner));
  }
}
