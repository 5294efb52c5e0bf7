import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import type pg from 'pg';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import type { ServerProcess } from '../../../test/helpers/server-process.js';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { caller } from './helpers.js';
import { freshPhones, marketingLine } from './campaign-helpers.js';
import { database, deployment, seedKernel, startServer, type Deployment } from '../../../test/helpers/deployment.js';

const GROUPS = ['customers', 'whatsapp_ops', 'mass_marketing'];

const RECIPIENTS = 2000;
const BLACKLISTED = 20;
const LINES = 4;
const KILLS = 6;
const STALL_MS = 30_000;

/** Each phone's messages on the sandbox network (the ground truth), for the deployment's engine. */
async function networkCounts(db: pg.Client, engineName: string): Promise<Map<string, number>> {
  const { rows } = await db.query<{ peer_phone: string; n: number }>(
    `select peer_phone, count(*)::int as n from sandbox_messages where engine = $1 and direction = 'outbound' group by peer_phone`,
    [engineName],
  );
  return new Map(rows.map((r) => [r.peer_phone, r.n]));
}

async function recipientCounts(db: pg.Client, campaignId: number): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    'select status, count(*)::int as n from marketing_campaign_recipients where campaign_id = $1 group by status',
    [campaignId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

const campaignStatusOf = async (db: pg.Client, id: number) =>
  (await db.query<{ status: string }>('select status from marketing_campaigns where id = $1', [id])).rows[0]!.status;

/**
 * Waits for the campaign to complete. A stall fails the test, slowness does not: the embedded
 * engine on a loaded 2-core machine needs well over a minute, and speed is the benchmarks' business.
 */
async function untilCompleted(db: pg.Client, campaignId: number, serverSaid: () => string): Promise<void> {
  let counts = '';
  let progressedAt = Date.now();
  while ((await campaignStatusOf(db, campaignId)) !== 'completed') {
    const now = JSON.stringify(await recipientCounts(db, campaignId));
    if (now !== counts) [counts, progressedAt] = [now, Date.now()];
    else if (Date.now() - progressedAt > STALL_MS)
      throw new Error(
        `campaign ${campaignId} stalled for ${STALL_MS / 1000} s: ${counts}; server said: ${serverSaid()}`,
      );
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A shop with lines enabled for marketing and a started campaign per list of phones, seeded in this process. */
async function seed(d: Deployment, lists: string[][], blacklist: string[], intervalSeconds: number) {
  // The campaign engine off in this process: it seeds and reads, the servers send.
  const k: TestKernel = await seedKernel(d, { mass_marketing: { engine: { enabled: false } } });
  try {
    const { shopId, token } = await k.shops.create({ name: 'Crash test shop', credits: 10_000_000, locale: 'es-ES' });
    const c = caller(k, token);
    const lines = [];
    for (let i = 0; i < LINES; i++) lines.push(await marketingLine(k, token));
    if (blacklist.length) await c.ok('bulk_add_to_blacklist', { action: 'bulk', phones: blacklist });
    const campaigns: number[] = [];
    for (const [i, phones] of lists.entries()) {
      const { list } = await c.ok('create_contact_list', { action: 'create', name: `Crash list ${i}` });
      const imported = await c.ok('import_marketing_contacts', {
        list_id: list.id,
        csv_text: phones.map((p, j) => `${p},Person ${j}`).join('\n'),
      });
      expect(imported.added).to.equal(phones.length);
      const { campaign } = await c.ok('create_campaign', {
        action: 'create',
        name: `Crash campaign ${i}`,
        message_text: 'Hola {nombre}, oferta de {tienda}',
        list_id: list.id,
        send_interval_seconds: intervalSeconds,
      });
      await c.ok('start_campaign', { campaign_id: campaign.id });
      campaigns.push(campaign.id);
    }
    return { shopId, campaigns, lines };
  } finally {
    await k.close();
  }
}

describe('mass_marketing: crash and multi-process safety of the sending engine (real server processes)', function () {
  // No overall limit: each wait below fails on its own once what it waits for stops moving (untilCompleted) (or a
  // server exits, or uses a start's worth of CPU many times over without getting ready).
  this.timeout(0);
  const started: ServerProcess[] = [];
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const server of started) await server.stop('SIGKILL');
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  async function setup(name: string, engine: Record<string, unknown>) {
    const db = await TestDatabase.create();
    cleanup.push(() => db.drop());
    const d = await deployment(db.url, name, GROUPS, { mass_marketing: { engine } });
    cleanup.push(() => rm(d.configFile, { force: true }));
    const client = await database(d);
    cleanup.push(() => client.end());
    return { d, client };
  }

  it(`sends ${RECIPIENTS} recipients exactly once while the server is killed with SIGKILL ${KILLS} times and restarted`, async () => {
    const { d, client } = await setup('crash', {
      pollMs: 20,
      testPacingScale: 0.001,
      staleSendingSeconds: 2,
      concurrency: 4,
    });
    const phones = freshPhones(RECIPIENTS);
    const blacklisted = phones.slice(0, BLACKLISTED);
    // 30 s × the test scale = 30 ms per line: four lines send about 130 messages a second.
    const { campaigns } = await seed(d, [phones], blacklisted, 30);
    const campaignId = campaigns[0]!;
    const eligible = RECIPIENTS - BLACKLISTED;
    expect((await recipientCounts(client, campaignId)).pending).to.equal(eligible);

    const progressAtKill: number[] = [];
    for (let i = 0; i < KILLS; i++) {
      const server = await startServer(d);
      started.push(server);
      await new Promise((r) => setTimeout(r, 400 + Math.random() * 1200));
      const exit = await server.stop('SIGKILL');
      expect(exit.signal).to.equal('SIGKILL');
      progressAtKill.push((await networkCounts(client, d.engineName)).size);
    }
    const final = await startServer(d);
    started.push(final);
    await untilCompleted(client, campaignId, () => final.stderr().slice(-2000));
    await final.stop('SIGTERM');

    // Kills landed while the campaign was sending, not before or after it.
    expect(
      progressAtKill.filter((n) => n > 0 && n < eligible).length,
      `messages on the network at each kill: ${progressAtKill.join(', ')}`,
    ).to.be.at.least(5);

    const network = await networkCounts(client, d.engineName);
    const duplicates = [...network].filter(([, n]) => n !== 1);
    expect(duplicates, 'phones that got more than one message').to.deep.equal([]);
    const missing = phones.slice(BLACKLISTED).filter((p) => !network.has(p));
    expect(missing, 'eligible phones that got nothing').to.deep.equal([]);
    expect(
      blacklisted.filter((p) => network.has(p)),
      'blacklisted phones that got a message',
    ).to.deep.equal([]);
    expect(network.size).to.equal(eligible);

    const counts = await recipientCounts(client, campaignId);
    expect((counts.sent ?? 0) + (counts.delivered ?? 0) + (counts.read ?? 0), JSON.stringify(counts)).to.equal(
      eligible,
    );
    const { rows: charged } = await client.query<{ n: number; credits: string }>(
      `select count(*)::int as n, coalesce(sum(credits_charged), 0) as credits from chatapp_messages where idempotency_key like 'campaign-recipient-%' and direction = 'outbound'`,
    );
    expect(charged[0]).to.deep.equal({ n: eligible, credits: String(eligible * 1000) });
    const { rows: balance } = await client.query<{ credits_balance: string }>('select credits_balance from shops');
    expect(Number(balance[0]!.credits_balance)).to.equal(10_000_000 - eligible * 1000);
  });

  it('two server processes on one database share two campaigns: both send, no duplicates, and the per-line pacing holds', async () => {
    const { d, client } = await setup('pair', {
      pollMs: 20,
      testPacingScale: 0.005,
      staleSendingSeconds: 30,
      concurrency: 4,
    });
    const first = freshPhones(300);
    const second = freshPhones(300);
    // 10 s × 0.005 = 50 ms between two sends on one line, for both campaigns on the same four lines.
    const { campaigns } = await seed(d, [first, second], [], 10);
    const servers = await Promise.all([startServer(d), startServer(d)]);
    started.push(...servers);
    for (const id of campaigns)
      await untilCompleted(client, id, () => servers.map((s) => s.stderr().slice(-1000)).join('\n'));
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));

    const network = await networkCounts(client, d.engineName);
    expect(
      [...network].filter(([, n]) => n !== 1),
      'phones that got more than one message',
    ).to.deep.equal([]);
    expect(network.size).to.equal(600);
    const { rows: counts } = await client.query<{ n: number }>(
      `select count(*)::int as n from marketing_campaign_recipients where status not in ('sent', 'delivered', 'read')`,
    );
    expect(counts[0]!.n, 'recipients not sent').to.equal(0);
    const { rows: byProcess } = await client.query<{ claimed_by: string; n: number }>(
      `select claimed_by, count(*)::int as n from marketing_campaign_recipients group by claimed_by`,
    );
    expect(byProcess.map((p) => p.claimed_by).sort(), 'the processes that sent').to.deep.equal(
      servers.map((s) => `${hostname()}:${s.child.pid}`).sort(),
    );
    for (const p of byProcess) expect(p.n, `recipients sent by ${p.claimed_by} (of 600)`).to.be.at.least(30);

    const { rows: claims } = await client.query<{ session_id: number; at: string }>(
      `select session_id, to_char(claimed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from marketing_campaign_recipients order by session_id, claimed_at`,
    );
    const gaps = new Map<number, number[]>();
    let previous: { session_id: number; at: number } | undefined;
    for (const c of claims) {
      const at = Date.parse(c.at);
      if (previous?.session_id === c.session_id)
        gaps.set(c.session_id, [...(gaps.get(c.session_id) ?? []), at - previous.at]);
      previous = { session_id: c.session_id, at };
    }
    expect(gaps.size, 'all four lines were used').to.equal(LINES);
    for (const [line, list] of gaps)
      expect(Math.min(...list), `smallest gap between two slots of line ${line}`).to.be.at.least(50);
    const { rows: sent } = await client.query<{ session_key: string; at: Date }>(
      `select session_key, created_at as at from sandbox_messages where engine = $1 and direction = 'outbound' order by session_key, created_at`,
      [d.engineName],
    );
    const onNetwork = new Map<string, number[]>();
    for (const m of sent)
      onNetwork.set(m.session_key, [...(onNetwork.get(m.session_key) ?? []), new Date(m.at).getTime()]);
    for (const [key, times] of onNetwork) {
      const smallest = Math.min(...times.slice(1).map((t, i) => t - times[i]!));
      // The network stamps in whole milliseconds, the pacing row in microseconds.
      expect(smallest, `smallest gap between two messages of line ${key} on the network`).to.be.at.least(49);
    }
  });
});
