import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';
import { FxTick } from './fixtures/groups/fx_jobs/fx-tick.entity.js';
import { FxShopTick } from './fixtures/groups/fx_jobs/fx-shop-tick.entity.js';
import { JobRun } from '../core/jobs/job-run.entity.js';
import { Shop } from '../core/tenancy/shop.entity.js';
import { kernelJobs } from '../core/jobs/kernel-jobs.js';
import type { ExpiryParts } from '../core/confirmation/expire-confirmations.js';
import type { RetentionSweep } from '../core/retention/retention-sweep.js';

const bootJobsKernel = (label: string, slowMs = 0) =>
  bootKernel({ groups: [], overrides: { groups: { fx_jobs: fixtureGroup('fx_jobs', { label, slowMs }) } } });

/** Distinct ticks far from now, so that no real cron tick can collide with them. */
let tickSeconds = 0;
const nextTick = () => new Date(Date.UTC(2001, 0, 1, 0, 0, tickSeconds++));

describe('jobs: scheduler and tick lease', () => {
  let k1: TestKernel;
  let k2: TestKernel;
  /** An unscoped em for looking at what the jobs wrote; job tables are read without the tenant filter. */
  const look = () => k1.orm.em.fork();

  before(async () => {
    k1 = await bootJobsKernel('k1');
    k2 = await bootJobsKernel('k2');
  });
  after(async () => {
    await k1.close();
    await k2.close();
  });

  it('registers the group’s jobs under group-qualified names', () => {
    expect(k1.scheduler.names()).to.have.members([
      'fx_jobs.tick',
      'fx_jobs.failing',
      'fx_jobs.per_shop',
      'fx_jobs.short_transactions',
      'kernel.expire-confirmations',
      'kernel.retention',
    ]);
  });

  it('only the embedded engine gets the statistics job (PostgreSQL has its autovacuum)', () => {
    const names = (embedded: boolean) =>
      kernelJobs({} as ExpiryParts, {} as RetentionSweep, embedded).map((job) => job.name);
    expect(names(true)).to.have.members(['embedded-statistics', 'expire-confirmations', 'retention']);
    expect(names(false)).to.have.members(['expire-confirmations', 'retention']);
  });

  it('(a) the same tick run twice: the second is skipped', async () => {
    const tick = nextTick();
    expect(await k1.scheduler.runTick('fx_jobs.tick', tick)).to.equal('ran');
    expect(await k1.scheduler.runTick('fx_jobs.tick', tick)).to.equal('skipped');
    expect(await k2.scheduler.runTick('fx_jobs.tick', new Date(tick.getTime() + 400))).to.equal('skipped');
    const rows = await look().find(FxTick, { tickAt: tick });
    expect(rows).to.have.length(1);
    expect(rows[0]!.finishedAt).to.be.instanceOf(Date);
    const [run] = await look().find(JobRun, { job: 'fx_jobs.tick', tickAt: tick });
    expect(run).to.include({ status: 'succeeded', error: null });
  });

  it('(b) two kernels on one database racing for the same ticks: each tick runs exactly once', async () => {
    for (let round = 0; round < 5; round++) {
      const tick = nextTick();
      const outcomes = await Promise.all([
        k1.scheduler.runTick('fx_jobs.tick', tick),
        k2.scheduler.runTick('fx_jobs.tick', tick),
      ]);
      expect(outcomes.sort()).to.deep.equal(['ran', 'skipped']);
      expect(await look().count(FxTick, { tickAt: tick })).to.equal(1);
    }
  });

  it('a failing run is recorded as failed with its error', async () => {
    const tick = nextTick();
    expect(await k1.scheduler.runTick('fx_jobs.failing', tick)).to.equal('failed');
    const run = await look().findOneOrFail(JobRun, { job: 'fx_jobs.failing', tickAt: tick });
    expect(run.status).to.equal('failed');
    expect(run.error).to.contain('fails on purpose');
    expect(run.finishedAt).to.be.instanceOf(Date);
    expect(await k1.scheduler.runTick('fx_jobs.failing', tick)).to.equal('skipped');
  });

  describe('(d) a shop-scoped job', () => {
    it('runs once per shop, each run scoped to its own shop', async () => {
      const mine = [await k1.newShop('Jobs shop one'), await k1.newShop('Jobs shop two')];
      for (const round of [0, 1]) {
        const tick = nextTick();
        const outcomes = await Promise.all([
          k1.scheduler.runTick('fx_jobs.per_shop', tick),
          k2.scheduler.runTick('fx_jobs.per_shop', tick),
        ]);
        expect(outcomes.sort()).to.deep.equal(['ran', 'skipped']);
        const shops = await look().find(Shop, {});
        const rows = await look().find(FxShopTick, { tickAt: tick }, { filters: false });
        expect(rows.map((r) => r.shopId).sort()).to.deep.equal(shops.map((s) => s.id).sort());
        for (const row of rows) {
          expect(row.contextShopId).to.equal(row.shopId);
          // Each run sees only its own shop's earlier rows: one per earlier round.
          if (mine.some((s) => s.shopId === row.shopId)) expect(row.visibleBefore).to.equal(round);
        }
      }
    });

    it('a shop whose run fails is recorded, the other shops still run, and later ticks run again', async () => {
      const failing = await k1.newShop('Failing jobs shop');
      const healthy = await k1.newShop('Healthy jobs shop');
      const tick = nextTick();
      expect(await k1.scheduler.runTick('fx_jobs.per_shop', tick)).to.equal('failed');
      const run = await look().findOneOrFail(JobRun, { job: 'fx_jobs.per_shop', tickAt: tick });
      expect(run.status).to.equal('failed');
      expect(run.error).to.contain(`shop ${failing.shopId}`);
      const rows = await look().find(FxShopTick, { tickAt: tick }, { filters: false });
      expect(rows.map((r) => r.shopId))
        .to.include(healthy.shopId)
        .and.not.include(failing.shopId);

      const next = nextTick();
      expect(await k1.scheduler.runTick('fx_jobs.per_shop', next)).to.equal('failed');
      expect(await look().count(FxShopTick, { tickAt: next, shopId: healthy.shopId }, { filters: false })).to.equal(1);
      await look().nativeUpdate(Shop, { id: failing.shopId }, { name: 'Recovered jobs shop' });
      expect(await k1.scheduler.runTick('fx_jobs.per_shop', nextTick())).to.equal('ran');
    });
  });

  it('a job declared transactional: false holds no transaction and writes in short ones of its own', async () => {
    const shop = await k1.newShop('Short transactions shop');
    const tick = nextTick();
    expect(await k1.scheduler.runTick('fx_jobs.short_transactions', tick)).to.equal('ran');
    const rows = await look().find(FxShopTick, { tickAt: tick, shopId: shop.shopId }, { filters: false });
    expect(rows.map((r) => r.visibleBefore)).to.deep.equal([1]);
  });

  describe('on real cron ticks', function () {
    this.timeout(30_000);

    it('(c) two listening kernels run every tick exactly once, failing runs do not stop the scheduler', async () => {
      const a = await bootJobsKernel('cron-a');
      const b = await bootJobsKernel('cron-b');
      const since = new Date();
      try {
        await Promise.all([a.listen(), b.listen()]);
        await sleep(3500);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
      const ticks = await look().find(FxTick, { label: { $in: ['cron-a', 'cron-b'] } }, { orderBy: { tickAt: 'asc' } });
      const distinct = new Set(ticks.map((t) => t.tickAt.getTime()));
      expect(ticks.length).to.be.at.least(2);
      expect(ticks.length, JSON.stringify(ticks.map((t) => [t.label, t.tickAt]))).to.equal(distinct.size);
      expect(ticks.every((t) => t.finishedAt !== null)).to.equal(true);

      const runs = await look().find(JobRun, {
        job: 'fx_jobs.tick',
        tickAt: { $gte: new Date(since.getTime() - 1000) },
      });
      expect(runs.map((r) => r.tickAt.getTime()).sort()).to.deep.equal([...distinct].sort());
      expect(runs.every((r) => r.status === 'succeeded')).to.equal(true);

      const failed = await look().find(JobRun, {
        job: 'fx_jobs.failing',
        tickAt: { $gte: new Date(since.getTime() - 1000) },
      });
      expect(failed.length).to.be.at.least(2);
      expect(failed.every((r) => r.status === 'failed')).to.equal(true);
      expect(new Set(failed.map((r) => r.tickAt.getTime())).size).to.equal(failed.length);
    });

    it('(e) close() waits for a run in flight', async () => {
      const slow = await bootJobsKernel('slow', 1500);
      let closed = false;
      try {
        await slow.listen();
        let inFlight: FxTick | null = null;
        for (let waited = 0; !inFlight && waited < 5000; waited += 50) {
          await sleep(50);
          inFlight = await look().findOne(FxTick, { label: 'slow', finishedAt: null });
        }
        expect(inFlight, 'a slow run started').to.not.equal(null);
        const started = Date.now();
        await slow.close();
        closed = true;
        expect(Date.now() - started).to.be.at.least(500);
        const finished = await look().findOneOrFail(FxTick, { id: inFlight!.id });
        expect(finished.finishedAt).to.be.instanceOf(Date);
        const run = await look().findOneOrFail(JobRun, { job: 'fx_jobs.tick', tickAt: finished.tickAt });
        expect(run.status).to.equal('succeeded');
        expect(await look().count(FxTick, { label: 'slow', finishedAt: null })).to.equal(0);
      } finally {
        if (!closed) await slow.close();
      }
    });
  });
});
