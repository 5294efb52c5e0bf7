import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { sample } from './helpers/prometheus.js';
import { kernelRetention } from '../core/retention/kernel-retention.js';
import { RetentionSweep } from '../core/retention/retention-sweep.js';
import type { RetentionRule } from '../core/retention/retention-rule.js';

describe('retention: every declared rule of every group', () => {
  let db: TestDatabase;
  let k: TestKernel;
  const sql = (query: string, params: unknown[] = []) => k.orm.em.getConnection().execute(query, params);

  before(async () => {
    // A database of its own: the sweep deletes aged rows, and no other file's rows may go.
    db = await TestDatabase.createEmpty();
    k = await bootKernel({ databaseUrl: db.url, overrides: { retention: { batchSize: 100, maxBatchesPerRun: 10 } } });
  });
  after(async () => {
    await k?.close();
    await db?.drop();
  });

  it('runs the kernel’s rules and every enabled group’s, each to the end, whatever its table is keyed by', async () => {
    const declared = [
      ...kernelRetention.map((rule) => rule.table),
      ...k.plugins.flatMap(({ plugin }) => (plugin.retention ?? []).map((rule) => rule.table)),
    ];
    expect(declared).to.include('widget_rate_counters');
    const shop = await k.newShop('Retention shop');
    // A counter table is keyed by its scope, not by an id.
    await sql(
      `insert into widget_rate_counters (scope, shop_id, window_start, count)
       values ('old:1', ?, now() - interval '3 days', 5), ('new:1', ?, now(), 1)`,
      [shop.shopId, shop.shopId],
    );

    const report = await k.retention.run();
    expect(report.failed).to.deep.equal([]);
    expect(Object.keys(report.deleted)).to.have.members([...new Set(declared)]);
    expect(report.deleted.widget_rate_counters).to.equal(1);
    expect(await sql(`select scope from widget_rate_counters where shop_id = ?`, [shop.shopId])).to.deep.equal([
      { scope: 'new:1' },
    ]);
  });

  it('logs and counts a rule that fails, and still runs the rules after it', async () => {
    const broken: RetentionRule<never> = {
      table: 'job_runs',
      column: 'started_at',
      where: `"no_such_column" is null`,
      days: () => 1,
    };
    const kept: RetentionRule<never> = { table: 'job_runs', column: 'started_at', days: () => 30 };
    await sql(
      `insert into job_runs (job, tick_at, owner, status, started_at, finished_at)
       values ('retention.fixture', '2001-03-01', 't', 'succeeded', now() - interval '40 days', now() - interval '40 days')`,
    );
    const sweep = new RetentionSweep(
      k.orm,
      [
        { group: 'fx_broken', rule: broken, config: {} },
        { group: 'fx_kept', rule: kept, config: {} },
      ],
      { batchSize: 10, maxBatchesPerRun: 2 },
      k.app.log,
      k.metrics,
    );
    const report = await sweep.run();
    expect(report.failed).to.have.length(1);
    expect(report.failed[0]).to.include({ group: 'fx_broken', table: 'job_runs' });
    expect(report.failed[0]!.error).to.match(/no_such_column/);
    expect(report.deleted.job_runs).to.equal(1);
    const scraped = (await k.metrics.render()).body;
    expect(sample(scraped, 'switchboard_retention_failures_total', { group: 'fx_broken', table: 'job_runs' })).to.equal(
      1,
    );
  });

  it('refuses at boot a rule whose table no entity maps (its key could not be known)', () => {
    const orphan: RetentionRule<never> = { table: 'no_such_table', column: 'created_at', days: () => 1 };
    expect(
      () =>
        new RetentionSweep(
          k.orm,
          [{ group: 'fx_orphan', rule: orphan, config: {} }],
          { batchSize: 10, maxBatchesPerRun: 1 },
          k.app.log,
          k.metrics,
        ),
    ).to.throw(/KRN_ERR_RETENTION_INVALID.*no_such_table/);
  });
});
