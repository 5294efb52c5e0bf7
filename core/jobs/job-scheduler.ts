import { hostname } from 'node:os';
import cron, { type ScheduledTask } from 'node-cron';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { FastifyBaseLogger } from 'fastify';
import { KernelError } from '../errors/kernel-error.js';
import type { JobContext, JobDefinition, ShopContext } from '../plugin/plugin-types.js';
import type { ShopScope } from '../tools/shop-scope.js';
import { extendContext, toShopContext } from '../tools/shop-scope.js';
import { Shop } from '../tenancy/shop.entity.js';
import type { Metrics } from '../metrics/metrics.js';

export type TickOutcome = 'ran' | 'skipped' | 'failed';

interface ScheduledJob {
  group: string;
  job: JobDefinition;
}

/**
 * Runs the groups' jobs on node-cron. Every tick is leased through a unique (job, tick_at) row,
 * so when several server processes share a database each tick runs in exactly one of them.
 * A slow run never overlaps the next tick of the same job in this process (noOverlap).
 */
export class JobScheduler {
  private readonly jobs = new Map<string, ScheduledJob>();
  private readonly tasks: ScheduledTask[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private readonly owner = `${hostname()}:${process.pid}`;

  constructor(
    private readonly orm: MikroORM,
    private readonly scope: ShopScope,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics,
  ) {}

  add(group: string, job: JobDefinition): void {
    const name = `${group}.${job.name}`;
    if (this.jobs.has(name)) throw new KernelError('KRN_ERR_DUPLICATE_JOB', `job "${name}" is declared twice`);
    if (
      !/^[a-z][a-z0-9_-]*$/.test(job.name) ||
      typeof job.run !== 'function' ||
      !['shop', 'system'].includes(job.scope)
    ) {
      throw new KernelError(
        'KRN_ERR_JOB_INVALID',
        `job "${name}" needs a kebab or snake case name, a scope (shop or system) and a run function`,
      );
    }
    const check = cron.validateDetailed(job.schedule);
    if (!check.valid) {
      throw new KernelError(
        'KRN_ERR_JOB_INVALID',
        `job "${name}" has an invalid schedule "${job.schedule}": ${JSON.stringify(check.errors ?? check)}`,
      );
    }
    this.jobs.set(name, { group, job });
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }

  start(): void {
    for (const [name, entry] of this.jobs) {
      const task = cron.schedule(entry.job.schedule, (ctx) => this.track(this.runTick(name, ctx.date)), {
        name,
        noOverlap: true,
        timezone: 'UTC',
      });
      this.tasks.push(task);
    }
  }

  /** Stops scheduling and waits for runs in flight, so the pool can close under them safely. */
  async stop(): Promise<void> {
    for (const task of this.tasks.splice(0)) {
      await task.stop();
      await task.destroy();
    }
    await Promise.allSettled([...this.running]);
  }

  /** One tick of one job: lease, run, record. Public so tests and operators can drive ticks. */
  async runTick(name: string, at: Date): Promise<TickOutcome> {
    const entry = this.jobs.get(name);
    if (!entry) throw new KernelError('KRN_ERR_JOB_INVALID', `no job named "${name}"`);
    const tickAt = new Date(Math.floor(at.getTime() / 1000) * 1000);
    const conn = this.orm.em.getConnection();
    const leased = await conn.execute(
      `insert into job_runs (job, tick_at, owner, status, started_at) values (?, ?, ?, 'running', now())
       on conflict (job, tick_at) do nothing returning id`,
      [name, tickAt, this.owner],
    );
    if (leased.length === 0) {
      this.metrics.jobRuns.inc({ job: name, outcome: 'skipped' });
      return 'skipped';
    }
    const runId = leased[0].id;
    const started = Date.now();
    this.metrics.jobLateness.observe({ job: name }, Math.max(0, started - tickAt.getTime()) / 1000);
    const finish = (outcome: TickOutcome) => {
      this.metrics.jobRuns.inc({ job: name, outcome });
      this.metrics.jobDuration.observe({ job: name }, (Date.now() - started) / 1000);
      return outcome;
    };
    try {
      await this.execute(entry, tickAt);
      await conn.execute(`update job_runs set status = 'succeeded', finished_at = now() where id = ?`, [runId]);
      return finish('ran');
    } catch (err) {
      this.log.error({ err, job: name, tickAt }, 'job run failed');
      await conn.execute(`update job_runs set status = 'failed', finished_at = now(), error = ? where id = ?`, [
        String((err as Error).message ?? err),
        runId,
      ]);
      return finish('failed');
    }
  }

  private async execute({ group, job }: ScheduledJob, tickAt: Date): Promise<void> {
    const forShop = <T>(shop: ShopContext, work: (ctx: JobContext) => Promise<T>) =>
      this.scope.run(shop, (ctx) => work(extendContext(ctx, { tickAt, forShop: forShopId })), {
        transactional: job.transactional ?? true,
        group,
      });
    const forShopId = async <T>(shopId: number, work: (ctx: JobContext) => Promise<T>): Promise<T> => {
      const shop = await this.scope.loadShop(shopId);
      if (!shop)
        throw new KernelError('KRN_ERR_NO_TENANT', `job ${group}.${job.name} asked for unknown shop ${shopId}`);
      return forShop(shop, work);
    };
    if (job.scope === 'shop') {
      // One shop's failure must not starve the others; the tick is still reported as failed.
      const shops = await this.orm.em.fork().find(Shop, {}, { orderBy: { id: 'asc' } });
      const failures: string[] = [];
      for (const shop of shops) {
        await forShop(toShopContext(shop), job.run).catch((err) => {
          this.log.error({ err, job: `${group}.${job.name}`, shopId: shop.id }, 'job run failed for a shop');
          failures.push(`shop ${shop.id}: ${(err as Error).message}`);
        });
      }
      if (failures.length) throw new Error(failures.join('; '));
      return;
    }
    const transaction = () => {
      throw new KernelError(
        'KRN_ERR_NO_TENANT',
        `system job ${group}.${job.name} has no shop to open a transaction in; it uses forShop`,
      );
    };
    await this.scope.runSystem((ctx) => job.run({ ...ctx, tickAt, forShop: forShopId, transaction }), group);
  }

  private track(run: Promise<unknown>): Promise<unknown> {
    this.running.add(run);
    return run.finally(() => this.running.delete(run));
  }
}
