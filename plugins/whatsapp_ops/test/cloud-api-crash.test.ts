import { expect } from 'chai';
import { rm } from 'node:fs/promises';
import type pg from 'pg';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import type { ServerProcess } from '../../../test/helpers/server-process.js';
import { caller } from '../../../test/helpers/ops-kernel.js';
import { database, deployment, seedKernel, startServer, type Deployment } from '../../../test/helpers/deployment.js';
import { GraphApiFake } from './fakes/graph-api-fake.js';
import { APP_SECRET, TEMPLATES, TOKEN, VERIFY_TOKEN, WABA } from './helpers/cloud-kernel.js';

const GROUPS = ['customers', 'whatsapp_ops', 'mass_marketing'];
const RECIPIENTS = 400;
const NUMBERS = Array.from({ length: 4 }, (_, i) => ({
  id: `10654035224300${i}`,
  display_phone_number: `+34 711 00 02 0${i}`,
  verified_name: 'Tienda Luna',
}));
const KILLS = 4;
const STALL_MS = 60_000;
const CREDITS = 10_000_000;

const recipientCounts = async (db: pg.Client, campaignId: number) =>
  Object.fromEntries(
    (
      await db.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from marketing_campaign_recipients where campaign_id = $1 group by status',
        [campaignId],
      )
    ).rows.map((r) => [r.status, r.n]),
  );

/** Waits for the campaign to complete; a stall fails the test, slowness does not. */
async function untilCompleted(db: pg.Client, campaignId: number, stalled: () => Promise<string>): Promise<void> {
  let counts = '';
  let progressedAt = Date.now();
  for (;;) {
    const { rows } = await db.query<{ status: string }>('select status from marketing_campaigns where id = $1', [
      campaignId,
    ]);
    if (rows[0]!.status === 'completed') return;
    const now = JSON.stringify(await recipientCounts(db, campaignId));
    if (now !== counts) [counts, progressedAt] = [now, Date.now()];
    else if (Date.now() - progressedAt > STALL_MS)
      throw new Error(`campaign ${campaignId} stalled: ${counts}; ${await stalled()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('whatsapp_ops: a campaign on Cloud API lines survives kill -9 of its server, exactly once (real server processes)', function () {
  this.timeout(0);
  const started: ServerProcess[] = [];
  const cleanup: (() => Promise<unknown>)[] = [];
  after(async () => {
    for (const server of started) await server.stop('SIGKILL');
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(`${RECIPIENTS} recipients on ${NUMBERS.length} numbers, the server killed ${KILLS} times while the network sometimes does not answer: each eligible customer gets one message, credits exact`, async function () {
    // Several processes and a ledger committed apart from the send: a PostgreSQL deployment (on the
    // embedded engine the ledger joins the send's transaction; docs/decisions.md).
    if (process.env.TEST_DATABASE === 'pglite') this.skip();
    const fake = await new GraphApiFake({ enforceWindow: false, statusDelayMs: 5 }).start();
    cleanup.push(() => fake.close());
    fake.addAccount({ wabaId: WABA, token: TOKEN, numbers: NUMBERS, templates: TEMPLATES });
    // Meta retries a webhook for days; here long enough to outlast a restart.
    fake.emitter(WABA).retryDelaysMs = Array.from({ length: 40 }, (_, i) => Math.min(250 * 2 ** i, 2000));
    // One answer in ten comes after the server's deadline: the send's outcome is unknown.
    fake.slowAnswerShare = 0.1;
    fake.answerDelayMs = 1500;

    const db = await TestDatabase.create();
    cleanup.push(() => db.drop());
    const d: Deployment = await deployment(
      db.url,
      'cloudcrash',
      GROUPS,
      {
        whatsapp_ops: { cloudApi: { baseUrl: fake.url, timeoutMs: 800, pairIntervalMs: 0, throttleBackoffMs: 100 } },
        mass_marketing: { engine: { pollMs: 20, testPacingScale: 0.003, staleSendingSeconds: 3, concurrency: 4 } },
      },
      { network: { allowLoopback: true } },
    );
    cleanup.push(() => rm(d.configFile, { force: true }));
    const client = await database(d);
    cleanup.push(() => client.end());

    // Seeded in this process, its engine off: the servers send.
    const k = await seedKernel(d, { ...d.groupConfigs, mass_marketing: { engine: { enabled: false } } });
    let campaignId: number;
    let webhookPath: string;
    const phones = Array.from({ length: RECIPIENTS }, (_, i) => `+3463${String(i).padStart(7, '0')}`);
    const blacklisted = phones.slice(0, 10);
    try {
      const { token } = await k.shops.create({ name: 'Cloud crash shop', credits: CREDITS, locale: 'es-ES' });
      const c = caller(k, token);
      const { provider } = await c.ok('configure_chatapp_provider', {
        label: 'Meta',
        cloud_api: { waba_id: WABA, access_token: TOKEN, app_secret: APP_SECRET, verify_token: VERIFY_TOKEN },
      });
      webhookPath = new URL(provider.webhook_url).pathname;
      for (const number of NUMBERS) {
        const { session } = await c.ok('connect_chatapp', { provider_id: provider.id, phone_number_id: number.id });
        await c.ok('assign_marketing_session', {
          action: 'assign',
          session_id: session.id,
          enable_mass_marketing: true,
        });
      }
      await c.ok('sync_chatapp_templates', {});
      await c.ok('bulk_add_to_blacklist', { action: 'bulk', phones: blacklisted });
      const { list } = await c.ok('create_contact_list', { action: 'create', name: 'Crash list' });
      await c.ok('import_marketing_contacts', {
        list_id: list.id,
        csv_text: phones.map((p, j) => `${p},Persona ${j}`).join('\n'),
      });
      const { campaign } = await c.ok('create_campaign', {
        action: 'create',
        name: 'Cloud crash',
        message_text: 'Hola {nombre}',
        list_id: list.id,
        send_interval_seconds: 10,
        template: { name: 'order_update', language: 'es_ES', body_parameters: ['{nombre}', '{tienda}'] },
      });
      await c.ok('start_campaign', { campaign_id: campaign.id });
      campaignId = campaign.id;
    } finally {
      await k.close();
    }
    const eligible = RECIPIENTS - blacklisted.length;
    const onNetwork = () => {
      const counts = new Map<string, number>();
      for (const m of fake.sent) counts.set(`+${m.to}`, (counts.get(`+${m.to}`) ?? 0) + 1);
      return counts;
    };
    const serve = async () => {
      const server = await startServer(d);
      started.push(server);
      // The account's webhook points at the running process (Meta's retries reach the next one).
      fake.subscribe(WABA, { url: `${server.url}${webhookPath}`, appSecret: APP_SECRET });
      return server;
    };

    const atKill: number[] = [];
    const killedAt: string[] = [];
    for (let i = 0; i < KILLS; i++) {
      const server = await serve();
      await new Promise((r) => setTimeout(r, 600 + Math.random() * 1200));
      killedAt.push(new Date().toISOString());
      expect((await server.stop('SIGKILL')).signal).to.equal('SIGKILL');
      atKill.push(onNetwork().size);
    }
    const final = await serve();
    await untilCompleted(client, campaignId, async () => {
      const { rows } = await client.query<{ phone: string }>(
        `select r.phone, r.attempts, r.reason, a.status as attempt, a.created_at as claimed_at, a.updated_at as attempt_updated_at,
           m.status as message_status
         from marketing_campaign_recipients r
         left join chatapp_send_attempts a on a.idempotency_key = 'campaign-recipient-' || r.id
         left join chatapp_messages m on m.idempotency_key = 'campaign-recipient-' || r.id
         where r.campaign_id = $1 and r.status = 'sending' limit 10`,
        [campaignId],
      );
      const reached = onNetwork();
      const stuck = rows.map((r) => ({ ...r, on_network: reached.get(r.phone) ?? 0 }));
      return `stuck: ${JSON.stringify(stuck)}; kills at ${JSON.stringify(killedAt)}; server said: ${final.stderr().slice(-2000)}`;
    });
    await fake.emitter(WABA).idle();
    await final.stop('SIGTERM');

    expect(
      atKill.filter((n) => n > 0 && n < eligible).length,
      `customers reached at each kill: ${atKill.join(', ')}`,
    ).to.be.at.least(2);
    const network = onNetwork();
    expect(
      [...network].filter(([, n]) => n !== 1),
      'customers who got more than one message',
    ).to.deep.equal([]);
    const missing = phones.slice(blacklisted.length).filter((p) => !network.has(p));
    const { rows: missingRows } = await client.query(
      `select r.phone, r.status, r.reason, r.attempts, m.status as message_status, m.error, a.status as attempt
       from marketing_campaign_recipients r left join chatapp_messages m on m.idempotency_key = 'campaign-recipient-' || r.id
       left join chatapp_send_attempts a on a.idempotency_key = 'campaign-recipient-' || r.id
       where r.phone = any($1::text[])`,
      [missing],
    );
    expect(missing, `eligible customers who got nothing: ${JSON.stringify(missingRows)}`).to.deep.equal([]);
    expect(
      blacklisted.filter((p) => network.has(p)),
      'blacklisted customers who got a message',
    ).to.deep.equal([]);
    expect(fake.sent.every((m) => m.type === 'template')).to.equal(true);

    const counts = await recipientCounts(client, campaignId);
    const { rows: failed } = await client.query(
      `select r.reason, r.attempts, m.status as message_status, m.error from marketing_campaign_recipients r
       left join chatapp_messages m on m.idempotency_key = 'campaign-recipient-' || r.id where r.status = 'failed' limit 5`,
    );
    expect(failed, 'failed recipients').to.deep.equal([]);
    expect((counts.sent ?? 0) + (counts.delivered ?? 0) + (counts.read ?? 0), JSON.stringify(counts)).to.equal(
      eligible,
    );
    const { rows: charged } = await client.query<{ n: number; credits: string }>(
      `select count(*)::int as n, coalesce(sum(credits_charged), 0) as credits from chatapp_messages
       where idempotency_key like 'campaign-recipient-%' and direction = 'outbound'`,
    );
    expect(charged[0]).to.deep.equal({ n: eligible, credits: String(eligible * 1000) });
    const { rows: balance } = await client.query<{ credits_balance: string }>('select credits_balance from shops');
    expect(Number(balance[0]!.credits_balance)).to.equal(CREDITS - eligible * 1000);
  });
});
