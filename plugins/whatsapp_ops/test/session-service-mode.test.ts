import { expect } from 'chai';
import { TEST_KERNEL_SECRET, type TestKernel } from '../../../test/helpers/boot.js';
import { freePort } from '../../../test/helpers/server-process.js';
import { SecretBox } from '../../../test/helpers/kernel-internals.js';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import { signRequest } from '../channel/webhook-signature.js';
import { balanceOf, bootOps, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { http } from '../../../test/helpers/http.js';
import {
  startSessionService,
  TEST_SHARED_SECRET,
  uniqueEngineName,
  sandboxEngineOf,
} from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { freshTick } from './helpers/ticks.js';
import { recorded } from '../../../test/fixtures/service-probe/index.js';

const CUSTOMER = '+34600999111';

describe('whatsapp_ops in session-service mode: the direct session service over HTTP, events by signed webhook', () => {
  const serviceEngine = uniqueEngineName('svc');
  let servicePort: number;
  let serviceDb: TestDatabase;
  let service: Awaited<ReturnType<typeof startSessionService>>;
  let webhookUrl: string;
  let k: TestKernel;
  let shopId: number;
  let token: string;
  let line: any;

  // The service on a database of its own, as deployed: it shares nothing with the main server but the secret.
  const startService = async () => {
    service = await startSessionService({
      port: servicePort,
      webhook: { url: webhookUrl },
      engineName: serviceEngine,
      database: { url: serviceDb.url, poolMax: 4 },
    });
  };
  const serviceRows = (sql: string, params: unknown[]) => service.orm.em.getConnection().execute(sql, params);
  const serviceRecords = async (idempotencyKey: string) =>
    Number(
      (
        await serviceRows(
          'select count(*)::int as n from sandbox_messages where engine = ? and session_key = ? and idempotency_key = ?',
          [serviceEngine, line.session_key, idempotencyKey],
        )
      )[0].n,
    );
  const apiKey = async () =>
    new SecretBox(TEST_KERNEL_SECRET).open(
      (await rows(k, 'select api_key_sealed from chatapp_sessions where id = ?', [line.id]))[0].api_key_sealed,
    );

  before(async () => {
    serviceDb = await TestDatabase.createEmpty();
    servicePort = await freePort();
    k = await bootOps({
      probe: true,
      kernel: { jobs: { enabled: false } },
      config: {
        adapter: 'session-service',
        sessionService: { url: `http://127.0.0.1:${servicePort}`, sharedSecret: TEST_SHARED_SECRET, timeoutMs: 2000 },
      },
    });
    webhookUrl = `${await k.listen()}/webhooks/session-service`;
    await startService();
    ({ shopId, token } = await k.newShop('Session-service shop', { credits: 20_000 }));
  });
  after(async () => {
    await service?.close();
    await k?.close();
    await serviceDb?.drop();
  });

  it("a shop with no line yet reads the service's engine: its empty lists are labelled sandbox", async () => {
    for (const tool of ['list_chatapp_sessions', 'get_chatapp_status']) {
      const answer = await ok(k, token, tool, {});
      expect(answer.count, tool).to.equal(0);
      expect(answer, tool).to.include({ sandbox: true });
      expect(answer.notice, tool).to.be.a('string');
    }
  });

  let connected: any;
  it('connect_chatapp creates the session at the service (signed for the shop), keeps its API key sealed, and labels it sandbox', async () => {
    connected = await ok(k, token, 'connect_chatapp', { label: 'Via service' });
    expect(connected.session).to.include({ adapter: 'session-service', sandbox: true, status: 'awaiting_pairing' });
    expect(connected.pairing.pairing_url).to.match(new RegExp(`^http://127\\.0\\.0\\.1:${servicePort}/sandbox/pair/`));
    expect(connected.pairing.qr_image_url).to.equal(
      `http://127.0.0.1:${servicePort}/sessions/${connected.session.session_key}/qr`,
    );
    expect(connected).to.include({ sandbox: true });
    const [owner] = await serviceRows('select shop_id from session_service_sessions where session_key = ?', [
      connected.session.session_key,
    ]);
    expect(owner.shop_id).to.equal(shopId);
    line = connected.session;
    expect(await apiKey()).to.match(/^sk_/);
  });

  it('opening the pairing link (real HTTP) connects the session; the event arrives through the signed webhook', async () => {
    const res = await http('GET', `${connected.pairing.pairing_url}?phone=${encodeURIComponent('+34711000900')}`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).to.equal(200);
    line = await waitFor('connected', async () => {
      const { session } = await ok(k, token, 'get_chatapp_status', { session_id: line.id });
      return session.status === 'connected' && session;
    });
    expect(line.phone).to.equal('+34711000900');
    expect(line.live).to.include({ status: 'connected', engine: 'sandbox', sandbox: true });
  });

  it('sends through the service; delivery receipts come back by webhook', async () => {
    const { message } = await ok(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: 'Hello over HTTP' });
    expect(message).to.include({ status: 'sent', session_id: line.id });
    expect(await serviceRecords(message.idempotency_key)).to.equal(1);
    await waitFor(
      'read',
      async () =>
        (await ok(k, token, 'list_chatapp_messages', { phone: CUSTOMER, direction: 'outbound' })).messages[0].status ===
        'read',
    );
  });

  it('an inbound message at the service reaches the shop once, with message_received', async () => {
    await sandboxEngineOf(service).injectInbound({
      sessionKey: line.session_key,
      from: CUSTOMER,
      text: 'Reply over HTTP',
    });
    const inbound = await waitFor(
      'inbound',
      async () => (await ok(k, token, 'list_chatapp_messages', { direction: 'inbound' })).messages[0],
    );
    expect(inbound).to.include({ text: 'Reply over HTTP', phone: CUSTOMER, session_id: line.id });
    expect(recorded.filter((e) => e.shopId === shopId && e.name === 'whatsapp_ops.message_received')).to.have.length(1);
  });

  it('the webhook route refuses unsigned, badly signed and malformed requests; the sandbox routes are not mounted', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'session.disconnected',
      session_key: line.session_key,
      occurred_at: new Date().toISOString(),
      engine: 'sandbox',
      sandbox: true,
      data: { reason: 'forged' },
    });
    const post = (headers: Record<string, string>, payload = body) =>
      k.app.inject({
        method: 'POST',
        url: '/webhooks/session-service',
        headers: { 'content-type': 'application/json', ...headers },
        payload,
      });
    expect((await post({})).statusCode).to.equal(401);
    expect((await post(signRequest('another-secret-another-secret', body))).statusCode).to.equal(401);
    const garbage = '{"hello":"world"}';
    expect((await post(signRequest(TEST_SHARED_SECRET, garbage), garbage)).statusCode).to.equal(400);
    expect((await ok(k, token, 'get_chatapp_status', { session_id: line.id })).session.status).to.equal('connected');
    const inject = await k.app.inject({
      method: 'POST',
      url: `/sandbox/sessions/${line.session_key}/inbound`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ from: CUSTOMER, text: 'x' }),
    });
    expect(inject.statusCode).to.equal(404);
  });

  it('archiving is recorded here; the service has no chat list to report it to', async () => {
    const res = await ok(k, token, 'archive_chatapp_chat', { action: 'archive', phone: CUSTOMER });
    expect(res).to.deep.include({ reported_to_engine: false });
    expect(res.chat).to.include({ session_id: line.id, archived: true });
  });

  it('with the service down a send is recorded and charged but waits in sending; after the restart the retry sends it once', async () => {
    await service.close();
    const before = await balanceOf(k, shopId);
    const payload = await ok(k, token, 'send_chatapp_message', {
      phone: CUSTOMER,
      message: 'While the service was down',
    });
    expect(payload.message).to.include({ status: 'sending', credits_charged: 500 });
    expect(payload.message.error).to.match(/^channel_unavailable/);
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
    const status = await ok(k, token, 'get_chatapp_status', { session_id: line.id });
    expect(status.session.live).to.include({ error: 'channel_unavailable' });
    await startService();
    expect(await k.scheduler.runTick('whatsapp_ops.retry-sending-messages', freshTick())).to.equal('ran');
    const [message] = (await ok(k, token, 'list_chatapp_messages', { phone: CUSTOMER, direction: 'outbound' }))
      .messages;
    expect(message).to.include({ id: payload.message.id, status: 'sent', error: null });
    expect(await k.scheduler.runTick('whatsapp_ops.retry-sending-messages', freshTick())).to.equal('ran');
    expect(await serviceRecords(payload.message.idempotency_key)).to.equal(1);
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
  });

  it('a scheduled message the network took before a crash (not recorded here) is recorded once on the next tick, never sent twice', async () => {
    const { scheduled_message: row } = await ok(k, token, 'schedule_chatapp_message', {
      phone: CUSTOMER,
      message: 'Scheduled over HTTP',
      send_at: new Date(Date.now() + 1000).toISOString(),
    });
    // The previous process claimed it and the service took the message; the process died before recording it.
    await rows(
      k,
      `update chatapp_scheduled_messages set status = 'sending', claimed_at = now() - interval '10 minutes', attempts = 1 where id = ?`,
      [row.id],
    );
    const direct = await http('POST', `http://127.0.0.1:${servicePort}/sessions/${line.session_key}/messages`, {
      headers: { 'x-api-key': await apiKey() },
      json: { to: CUSTOMER, text: 'Scheduled over HTTP', idempotency_key: `scheduled-message-${row.id}` },
    });
    expect(direct.status).to.equal(201);
    expect(await k.scheduler.runTick('whatsapp_ops.send-scheduled-messages', freshTick())).to.equal('ran');
    const [sent] = await rows(k, 'select status, message_id from chatapp_scheduled_messages where id = ?', [row.id]);
    expect(sent.status).to.equal('sent');
    const [message] = await rows(k, 'select provider_message_id, status from chatapp_messages where id = ?', [
      sent.message_id,
    ]);
    expect(message.provider_message_id).to.equal(direct.body.message.provider_message_id);
    expect(await serviceRecords(`scheduled-message-${row.id}`)).to.equal(1);
  });

  it('disconnect_chatapp logs out at the service; sends then fail with session_not_connected', async () => {
    const out = await ok(k, token, 'disconnect_chatapp', { session_id: line.id });
    expect(out.session.status).to.equal('disconnected');
    const { session } = await ok(k, token, 'get_chatapp_status', { session_id: line.id });
    expect(session.live.status).to.equal('logged_out');
    await fails(
      k,
      token,
      'send_chatapp_message',
      { phone: CUSTOMER, message: 'x', session_id: line.id },
      'session_not_connected',
    );
  });
});
