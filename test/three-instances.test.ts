import { rm } from 'node:fs/promises';
import { expect } from 'chai';
import type pg from 'pg';
import { TestDatabase } from './helpers/test-database.js';
import { postRpc, waitWhileRunning, type ServerProcess } from './helpers/server-process.js';
import type { TestKernel } from './helpers/boot.js';
import { database, deployment, seedKernel, startServer, type Deployment } from './helpers/deployment.js';
import { waitFor } from './helpers/wait-for.js';
import { sample } from './helpers/prometheus.js';
import { caller } from '../plugins/mass_marketing/test/helpers.js';
import { FAST_ENGINE, freshPhones, listWith, marketingLine } from '../plugins/mass_marketing/test/campaign-helpers.js';

const GROUPS = ['general', 'customers', 'whatsapp_ops', 'mass_marketing'];
const RECIPIENTS = 150;
const SCHEDULED = 12;
const SCHEDULED_JOB = 'whatsapp_ops.send-scheduled-messages';

describe('three server processes on one PostgreSQL, with a client spreading requests over them', function () {
  this.timeout(300_000);

  let db: TestDatabase;
  let d: Deployment;
  let client: pg.Client;
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let campaignId: number;
  let campaignPhones: string[];
  let scheduledPhones: string[];
  /** When the third process was ready: from then on every tick is seen by all three. */
  let allUp: Date;
  const servers: ServerProcess[] = [];
  let turn = 0;
  /** The next server, round robin: no two consecutive requests go to the same process. */
  const next = () => servers[turn++ % servers.length]!;
  const call = async (server: ServerProcess, name: string, args: Record<string, unknown>, bearer = token) => {
    const res = await postRpc(
      server.url,
      { jsonrpc: '2.0', id: turn, method: 'tools/call', params: { name, arguments: args } },
      bearer,
    );
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.result.structuredContent;
  };
  const outbound = async (phones: string[]) => {
    const { rows } = await client.query<{ peer_phone: string; n: number }>(
      `select peer_phone, count(*)::int as n from sandbox_messages
        where engine = $1 and direction = 'outbound' and peer_phone = any($2) group by peer_phone`,
      [d.engineName, phones],
    );
    return new Map(rows.map((row) => [row.peer_phone, row.n]));
  };

  before(async function () {
    // Several servers on one database is a PostgreSQL deployment: the embedded engine belongs to the
    // one process that holds its data folder, and serves one transaction at a time.
    if (process.env.TEST_DATABASE === 'pglite') this.skip();
    db = await TestDatabase.create();
    d = await deployment(db.url, 'three', GROUPS, { mass_marketing: { engine: FAST_ENGINE } });
    client = await database(d);
    // Seeds and rotates; its campaign engine is off and it never listens, so it runs no jobs.
    k = await seedKernel(d, { mass_marketing: { engine: { enabled: false } } });
    ({ shopId, token } = await k.shops.create({ name: 'Three instances shop', credits: 100_000_000 }));
    const c = caller(k, token);
    await marketingLine(k, token);
    await marketingLine(k, token);
    campaignPhones = freshPhones(RECIPIENTS);
    const listId = await listWith(c, campaignPhones);
    ({
      campaign: { id: campaignId },
    } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Three instances campaign',
      message_text: 'Hola {nombre}',
      list_id: listId,
      send_interval_seconds: 30,
    }));
    for (let i = 0; i < 3; i++) servers.push(await startServer(d));
    allUp = new Date();
  });
  after(async () => {
    for (const server of servers) await server.stop('SIGKILL');
    await k?.close();
    await client?.end();
    if (d) await rm(d.configFile, { force: true });
    await db?.drop();
  });

  it('a token rotation is effective on every process at once', async () => {
    for (const server of servers) expect((await call(server, 'ping', {})).success).to.equal(true);
    const rotated = (await k.shops.rotateToken(shopId))!;
    const refusedEverywhere = await waitFor(
      'every process to refuse the old token',
      async () => {
        const statuses = await Promise.all(
          servers.map((s) => postRpc(s.url, { jsonrpc: '2.0', id: 1, method: 'ping' }, token).then((r) => r.status)),
        );
        return statuses.every((s) => s === 401) && Date.now();
      },
      2_000,
    );
    expect(refusedEverywhere).to.be.a('number');
    for (const server of servers) expect((await call(server, 'ping', {}, rotated)).success).to.equal(true);
    token = rotated;
  });

  it('a confirmation issued on one process is confirmed and executed on another, once', async () => {
    const [a, b, c] = servers as [ServerProcess, ServerProcess, ServerProcess];
    const sendAt = new Date(Date.now() + 86_400_000).toISOString();
    const { scheduled_message } = await call(a, 'schedule_chatapp_message', {
      phone: '+34600999000',
      message: 'Tomorrow',
      send_at: sendAt,
    });
    const args = { action: 'cancel', id: scheduled_message.id };
    const first = await call(a, 'cancel_scheduled_message', args);
    expect(first.requires_confirmation).to.equal(true);
    const done = await call(b, 'cancel_scheduled_message', {
      ...args,
      confirm: true,
      confirmation_token: first.confirmation_token,
    });
    expect(done.success, JSON.stringify(done)).to.equal(true);
    expect(done.scheduled_message.status).to.equal('cancelled');
    const again = await call(c, 'cancel_scheduled_message', {
      ...args,
      confirm: true,
      confirmation_token: first.confirmation_token,
    });
    // Used once: a third process neither executes it again nor issues a fresh confirmation for it.
    expect(again, JSON.stringify(again)).to.include({ success: false, error_code: 'invalid_state' });
  });

  it('a campaign started through one process is sent exactly once by the three engines', async () => {
    expect((await call(next(), 'start_campaign', { campaign_id: campaignId })).success).to.equal(true);
    // As long as messages keep going out, the campaign is moving, however loaded the machine is.
    await waitWhileRunning(
      'the campaign to complete',
      async () => (await call(next(), 'get_campaign', { campaign_id: campaignId })).campaign.status === 'completed',
      servers[0]!,
      { progress: async () => (await outbound(campaignPhones)).size },
    );
    const sent = await outbound(campaignPhones);
    expect(sent.size).to.equal(RECIPIENTS);
    expect([...sent.values()].every((n) => n === 1)).to.equal(true);
  });

  it('scheduled messages created on all three are each sent exactly once, and each job tick runs in one process', async () => {
    scheduledPhones = freshPhones(SCHEDULED);
    // Each due two seconds after it is made: on a loaded machine making them all takes longer than that.
    for (const phone of scheduledPhones) {
      const sendAt = new Date(Date.now() + 2_000).toISOString();
      const answer = await call(next(), 'schedule_chatapp_message', { phone, message: 'Due soon', send_at: sendAt });
      expect(answer.success, JSON.stringify(answer)).to.equal(true);
    }
    await waitWhileRunning(
      'every scheduled message to be sent',
      async () => (await outbound(scheduledPhones)).size === SCHEDULED,
      servers[0]!,
      { progress: async () => (await outbound(scheduledPhones)).size },
    );
    // A further tick of the job finds nothing left to send.
    await new Promise((resolve) => setTimeout(resolve, 16_000));
    const sent = await outbound(scheduledPhones);
    expect([...sent.values()]).to.deep.equal(Array(SCHEDULED).fill(1));

    const { rows } = await client.query<{ n: number; seen_by_all: number }>(
      `select count(*)::int as n, count(*) filter (where tick_at >= $2)::int as seen_by_all from job_runs where job = $1`,
      [SCHEDULED_JOB, allUp],
    );
    const ticks = rows[0]!;
    expect(ticks.seen_by_all).to.be.greaterThan(1);
    const runs = await Promise.all(
      servers.map(async (server) => {
        const text = await (await fetch(`${server.url}/metrics`)).text();
        return {
          ran: sample(text, 'switchboard_job_runs_total', { job: SCHEDULED_JOB, outcome: 'ran' }) ?? 0,
          skipped: sample(text, 'switchboard_job_runs_total', { job: SCHEDULED_JOB, outcome: 'skipped' }) ?? 0,
        };
      }),
    );
    // Every tick was run by exactly one process; the other two saw it and skipped it.
    expect(runs.reduce((sum, r) => sum + r.ran, 0)).to.equal(ticks.n);
    expect(runs.reduce((sum, r) => sum + r.skipped, 0)).to.be.at.least(ticks.seen_by_all * 2);
  });
});
