import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { FAST_SANDBOX, uniqueEngineName } from './helpers/session-service-instance.js';
import { connectedLine } from './helpers/ops-kernel.js';
import { sample } from './helpers/prometheus.js';

const FIXTURE = { enabled: true, resolve: './test/fixtures/confirm-group/index.ts' };

describe('operations: /health, /ready, /metrics, retention', () => {
  let db: TestDatabase;
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const sql = (query: string, params: unknown[] = []) => k.orm.em.getConnection().execute(query, params);
  const scrape = async () => {
    const res = await k.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).to.equal(200);
    expect(res.headers['content-type']).to.match(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  before(async () => {
    // A database of its own: the retention tests age rows, and no other file's rows may be swept.
    db = await TestDatabase.create();
    k = await bootKernel({
      groups: ['general', 'whatsapp_ops'],
      databaseUrl: db.url,
      overrides: {
        groups: {
          confirm_fixture: FIXTURE,
          whatsapp_ops: {
            enabled: true,
            config: { sandbox: { engineName: uniqueEngineName('metrics'), ...FAST_SANDBOX } },
          },
        },
        retention: { batchSize: 100, maxBatchesPerRun: 200 },
      },
    });
    shop = await k.newShop('Metrics shop — secret name', { credits: 10_000 });
  });
  after(async () => {
    await k?.close();
    await db?.drop();
  });

  it('/health says the process is alive; /ready says the database answers and every migration is applied', async () => {
    const health = await k.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).to.equal(200);
    expect(health.json()).to.include({ status: 'ok' });
    const ready = await k.app.inject({ method: 'GET', url: '/ready' });
    expect(ready.statusCode).to.equal(200);
    expect(ready.json()).to.deep.equal({ status: 'ready', database: 'up', pending_migrations: 0 });
  });

  it('/ready is 503 while migrations are pending, and 200 once they are applied', async () => {
    const empty = await TestDatabase.createEmpty();
    const pending = await bootKernel({
      groups: ['general'],
      databaseUrl: empty.url,
      overrides: { database: { migrateOnStart: false, createDemoShop: false } },
    });
    try {
      const before = await pending.app.inject({ method: 'GET', url: '/ready' });
      expect(before.statusCode).to.equal(503);
      expect(before.json().status).to.equal('not_ready');
      expect(before.json().pending_migrations).to.be.greaterThan(0);
      expect((await pending.app.inject({ method: 'GET', url: '/health' })).statusCode).to.equal(200);
      await pending.orm.getMigrator().up();
      expect((await pending.app.inject({ method: 'GET', url: '/ready' })).statusCode).to.equal(200);
    } finally {
      await pending.close();
      await empty.drop();
    }
  });

  it('counts JSON-RPC requests by method and status, and tool calls by tool, outcome and error code, with latencies', async () => {
    const rpc = (method: string, params?: unknown) =>
      k.rpc({ jsonrpc: '2.0', id: 1, method, ...(params !== undefined && { params }) }, shop.token);
    await rpc('ping');
    await rpc('ping');
    await rpc('no/such_method');
    await rpc('tools/call', { name: 'fixture_list_items', arguments: {} });
    await rpc('tools/call', { name: 'fixture_create_item', arguments: { action: 'create', name: 7 } });
    await k.rpc({ jsonrpc: '2.0', id: 1, method: 'ping' }, 'wrong-token');
    const text = await scrape();
    expect(sample(text, 'switchboard_rpc_requests_total', { method: 'ping', status: 'ok' })).to.equal(2);
    expect(sample(text, 'switchboard_rpc_requests_total', { method: 'unknown', status: '-32601' })).to.equal(1);
    expect(sample(text, 'switchboard_rpc_requests_total', { method: 'ping', status: '-32000' })).to.equal(1);
    expect(sample(text, 'switchboard_rpc_requests_total', { method: 'tools/call', status: 'ok' })).to.equal(2);
    expect(
      sample(text, 'switchboard_tool_calls_total', { tool: 'fixture_list_items', outcome: 'success', error_code: '' }),
    ).to.equal(1);
    expect(
      sample(text, 'switchboard_tool_calls_total', {
        tool: 'fixture_create_item',
        outcome: 'failed',
        error_code: 'invalid_arguments',
      }),
    ).to.equal(1);
    expect(sample(text, 'switchboard_tool_call_duration_seconds_count', { tool: 'fixture_list_items' })).to.equal(1);
    expect(sample(text, 'switchboard_db_pool_used')).to.be.a('number');
    expect(sample(text, 'switchboard_process_resident_memory_bytes')).to.be.greaterThan(0);
    // Ids and names of tools at most: no token and no shop name ever reach a label.
    expect(text).not.to.include(shop.token);
    expect(text).not.to.include('secret name');
  });

  it('counts confirmations issued, approved, rejected and expired, and shows those still pending', async () => {
    const created = await k.call(shop.token, 'fixture_create_item', { action: 'create', name: 'to delete' });
    const itemId = created.payload.item.id;
    const args = { action: 'delete', item_id: itemId };
    const first = await k.call(shop.token, 'fixture_delete_item', args);
    expect(first.payload.requires_confirmation).to.equal(true);
    let text = await scrape();
    expect(sample(text, 'switchboard_confirmations_total', { policy: 'agent', event: 'issued' })).to.equal(1);
    expect(sample(text, 'switchboard_confirmations_pending', { policy: 'agent' })).to.equal(1);
    expect(
      sample(text, 'switchboard_tool_calls_total', { tool: 'fixture_delete_item', outcome: 'confirmation_required' }),
    ).to.equal(1);
    await k.call(shop.token, 'fixture_delete_item', { ...args, confirm: true });

    const hook = await k.call(shop.token, 'fixture_set_webhook', {
      url: 'https://example.com/hook',
      secret: 'hook-secret-0123',
    });
    const rejected = await k.app.inject({
      method: 'POST',
      url: `/confirmations/${hook.payload.confirmation_token}/reject`,
    });
    expect(rejected.statusCode).to.equal(200);

    const kept = await k.call(shop.token, 'fixture_create_item', { action: 'create', name: 'to rename' });
    const lapsing = await k.call(shop.token, 'fixture_rename_item', {
      action: 'rename',
      item_id: kept.payload.item.id,
      name: 'x',
    });
    expect(lapsing.payload.requires_confirmation).to.equal(true);
    await sql(`update pending_confirmations set expires_at = now() - interval '1 second' where status = 'pending'`);
    expect(await k.scheduler.runTick('kernel.expire-confirmations', new Date())).to.equal('ran');
    const [row] = await sql(`select status from pending_confirmations where tool = 'fixture_rename_item'`);
    expect(row.status).to.equal('expired');

    text = await scrape();
    expect(sample(text, 'switchboard_confirmations_total', { policy: 'agent', event: 'approved' })).to.equal(1);
    expect(sample(text, 'switchboard_confirmations_total', { policy: 'user', event: 'issued' })).to.equal(1);
    expect(sample(text, 'switchboard_confirmations_total', { policy: 'user', event: 'rejected' })).to.equal(1);
    expect(sample(text, 'switchboard_confirmations_total', { policy: 'agent', event: 'expired' })).to.equal(1);
    expect(sample(text, 'switchboard_confirmations_pending', { policy: 'agent' }) ?? 0).to.equal(0);
    expect(sample(text, 'switchboard_job_runs_total', { job: 'kernel.expire-confirmations', outcome: 'ran' })).to.equal(
      1,
    );
    expect(sample(text, 'switchboard_job_lateness_seconds_count', { job: 'kernel.expire-confirmations' })).to.equal(1);
  });

  it('counts messages the send path handed to the channel, by outcome', async () => {
    await connectedLine(k, shop.token);
    const sent = await k.call(shop.token, 'send_chatapp_message', { phone: '+34600111222', message: 'hello' });
    expect(sent.payload.success, JSON.stringify(sent.payload)).to.equal(true);
    const text = await scrape();
    expect(sample(text, 'switchboard_messages_sent_total', { channel: 'chatapp', outcome: 'sent' })).to.equal(1);
    expect(sample(text, 'switchboard_messages_waiting')).to.equal(0);
    expect(sample(text, 'switchboard_scheduled_messages_due')).to.equal(0);
  });

  it('retention deletes old rows of the growing tables in batches and keeps what is recent or still in use', async () => {
    await sql(
      `insert into job_runs (job, tick_at, owner, status, started_at, finished_at)
       select 'old.job', '2001-01-01'::timestamptz + g * interval '1 second', 't', 'succeeded', now() - interval '40 days', now() - interval '40 days'
       from generate_series(1, 250) g`,
    );
    await sql(
      `insert into job_runs (job, tick_at, owner, status, started_at) values ('recent.job', '2001-02-01', 't', 'running', now())`,
    );
    await sql(
      `insert into outbox_messages (event_id, shop_id, topic, payload, status, attempts, available_at, created_at, finished_at)
       select gen_random_uuid(), ?, 'fx.topic', '{}', s, 1, now(), now() - interval '40 days', case when s = 'pending' then null else now() - interval '40 days' end
       from unnest(array['delivered', 'exhausted', 'pending']) s`,
      [shop.shopId],
    );
    await sql(
      `insert into chatapp_processed_events (shop_id, event_id, processed_at)
       values (?, 'old-event', now() - interval '40 days'), (?, 'new-event', now())`,
      [shop.shopId, shop.shopId],
    );
    await sql(`update pending_confirmations set created_at = now() - interval '40 days' where status <> 'pending'`);

    const { deleted, failed } = await k.retention.run();
    expect(failed).to.deep.equal([]);
    expect(deleted.job_runs).to.equal(250);
    expect(deleted.outbox_messages).to.equal(2);
    expect(deleted.chatapp_processed_events).to.equal(1);
    expect(deleted.pending_confirmations).to.be.greaterThan(0);
    expect(await sql(`select job from job_runs where job in ('old.job', 'recent.job')`)).to.deep.equal([
      { job: 'recent.job' },
    ]);
    expect(await sql(`select status from outbox_messages where topic = 'fx.topic'`)).to.deep.equal([
      { status: 'pending' },
    ]);
    expect(await sql(`select event_id from chatapp_processed_events where shop_id = ?`, [shop.shopId])).to.deep.include(
      {
        event_id: 'new-event',
      },
    );
    expect(await sql(`select count(*)::int as n from pending_confirmations where status <> 'pending'`)).to.deep.equal([
      { n: 0 },
    ]);
    expect((await k.retention.run()).deleted).to.satisfy((again: Record<string, number>) =>
      Object.values(again).every((n) => n === 0),
    );
  });
});

describe('operations: who may read /metrics', () => {
  it('serves /metrics only to the configured addresses, and only with the configured token', async () => {
    const k = await bootKernel({
      groups: ['general'],
      overrides: {
        metrics: { enabled: true, allowFrom: ['10.0.0.0/8', '127.0.0.1'], token: 'metrics-token-0123456789' },
      },
    });
    try {
      const get = (remoteAddress: string, authorization?: string) =>
        k.app.inject({
          method: 'GET',
          url: '/metrics',
          remoteAddress,
          headers: authorization ? { authorization } : {},
        });
      expect((await get('192.168.1.5', 'Bearer metrics-token-0123456789')).statusCode).to.equal(403);
      expect((await get('10.1.2.3')).statusCode).to.equal(401);
      expect((await get('10.1.2.3', 'Bearer wrong-token-wrong-token')).statusCode).to.equal(401);
      expect((await get('10.1.2.3', 'Bearer metrics-token-0123456789')).statusCode).to.equal(200);
      expect((await get('127.0.0.1', 'Bearer metrics-token-0123456789')).statusCode).to.equal(200);
    } finally {
      await k.close();
    }
  });

  it('does not serve /metrics when metrics are disabled', async () => {
    const k = await bootKernel({ groups: ['general'], overrides: { metrics: { enabled: false, allowFrom: [] } } });
    try {
      expect((await k.app.inject({ method: 'GET', url: '/metrics' })).statusCode).to.equal(404);
    } finally {
      await k.close();
    }
  });
});
