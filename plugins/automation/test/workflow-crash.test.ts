import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { database, deployment, seedKernel, startServer } from '../../../test/helpers/deployment.js';
import { connectedLine } from '../../../test/helpers/ops-kernel.js';
import { waitWhileRunning, type ServerProcess } from '../../../test/helpers/server-process.js';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import { countOf, sandboxSent, sandboxSentPerKey } from '../../../test/helpers/sandbox-records.js';
import { caller } from './helpers.js';

const RUNS = 1000;
const SENDS_PER_RUN = 2;
const KILLS = 20;
const GROUPS = ['customers', 'whatsapp_ops', 'automation'];
const WORKER = { pollMs: 100, leaseSeconds: 2, batch: 10, concurrency: 2 };

/**
 * Exactly once across kill -9: 1,000 runs of a workflow with two send steps are queued; a real
 * server process advances them and is killed with SIGKILL twenty times at random moments while it
 * sends, then a last one finishes. The sandbox network's records (the ground truth) must hold one
 * message per run and step — none twice, none missing — and every run must end completed.
 */
describe('automation: workflow sends are exactly once across kill -9 (real server processes)', function () {
  // No overall limit: each wait below fails on its own once what it waits for stops moving (or a
  // server exits, or uses a start's worth of CPU many times over without getting ready).
  this.timeout(0);
  const started: ServerProcess[] = [];
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const server of started) await server.stop('SIGKILL');
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(`sends ${RUNS * SENDS_PER_RUN} workflow messages once each while the server is killed ${KILLS} times`, async () => {
    const db = await TestDatabase.create();
    cleanup.push(() => db.drop());
    const d = await deployment(db.url, 'workflow-crash', GROUPS, { automation: { worker: WORKER } });
    cleanup.push(() => rm(d.configFile, { force: true }));
    const client = await database(d);
    cleanup.push(() => client.end());

    // Seed with the worker off: a shop, a line, the workflow; then the runs, queued.
    const k = await seedKernel(d, { automation: { worker: { ...WORKER, enabled: false } } });
    try {
      const { shopId, token } = await k.shops.create({
        name: 'Crash flows',
        timezone: 'Europe/Madrid',
        credits: 100_000_000,
      });
      await connectedLine(k, token, {}, '+34711000888');
      const { workflow } = await caller(k, token).ok('create_workflow', {
        name: 'Two messages',
        trigger: { type: 'manual' },
        steps: [
          { id: 'one', type: 'send_message', params: { text: 'Uno' } },
          { id: 'two', type: 'send_message', params: { text: 'Dos' } },
        ],
        enabled: true,
      });
      await client.query(
        `insert into automation_runs (shop_id, workflow_id, version, phone, trigger, status, visits, variables, chain, wake_at, created_at, updated_at)
         select $1, $2, 1, '+3463' || lpad(i::text, 7, '0'), '{"type":"manual"}', 'queued', '{}', '{}', '[]', now(), now(), now()
         from generate_series(1, $3) i`,
        [shopId, workflow.id, RUNS],
      );
    } finally {
      await k.close();
    }

    const networkCount = () => sandboxSent(client, d.engineName);
    const atKill: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      const before = await networkCount();
      if (before >= RUNS * SENDS_PER_RUN) break;
      const server = await startServer(d);
      started.push(server);
      await waitWhileRunning('sending', async () => (await networkCount()) > before, server, {
        progress: networkCount,
      });
      await new Promise((r) => setTimeout(r, Math.random() * 150));
      expect((await server.stop('SIGKILL')).signal).to.equal('SIGKILL');
      atKill.push(await networkCount());
    }
    const last = await startServer(d);
    started.push(last);
    const unfinished = () =>
      countOf(client, `select count(*)::int n from automation_runs where status in ('queued', 'running', 'waiting')`);
    await waitWhileRunning('every run to end', async () => (await unfinished()) === 0, last, { progress: unfinished });
    await last.stop('SIGTERM');

    expect(
      atKill.filter((n) => n > 0 && n < RUNS * SENDS_PER_RUN).length,
      `sent at each kill: ${atKill}`,
    ).to.be.at.least(KILLS - 2);
    const perKey = await sandboxSentPerKey(client, d.engineName);
    expect(
      perKey.filter((r) => r.n !== 1),
      'messages sent more than once',
    ).to.deep.equal([]);
    expect(perKey, 'one message per run and step').to.have.length(RUNS * SENDS_PER_RUN);
    const { rows: statuses } = await client.query<{ status: string; n: number }>(
      `select status, count(*)::int n from automation_runs group by status`,
    );
    expect(statuses).to.deep.equal([{ status: 'completed', n: RUNS }]);
    expect(
      await countOf(
        client,
        `select count(*)::int n from automation_run_steps where outcome = 'ok' and message_id is not null`,
      ),
      'one logged send per run and step',
    ).to.equal(RUNS * SENDS_PER_RUN);
  });
});
