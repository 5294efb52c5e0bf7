import { expect } from 'chai';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ChannelEvent } from '../channel/channel-port.js';
import { sessionServiceWebhookRoute } from '../channel/session-service-webhook-route.js';
import { SIGNATURE_HEADER, signRequest, TIMESTAMP_HEADER, verifySignature } from '../channel/webhook-signature.js';

const SECRET = 'webhook-test-secret-0123456789';

const event = (overrides: Record<string, unknown> = {}) => ({
  id: 'evt_1',
  type: 'message.received',
  session_key: 'ses_abc',
  occurred_at: '2026-01-02T03:04:05.000Z',
  engine: 'sandbox',
  sandbox: true,
  data: {
    provider_message_id: 'sbxmid.1',
    from: '+34600111222',
    text: 'Hi',
    media: null,
    timestamp: '2026-01-02T03:04:05.000Z',
  },
  ...overrides,
});

describe('signed webhook: signature', () => {
  const body = JSON.stringify(event());

  it('a signature made with the secret verifies', () => {
    const headers = signRequest(SECRET, body);
    expect(headers[SIGNATURE_HEADER]).to.match(/^v1=[0-9a-f]{64}$/);
    expect(
      verifySignature({
        secret: SECRET,
        body,
        timestamp: headers[TIMESTAMP_HEADER],
        signature: headers[SIGNATURE_HEADER],
      }),
    ).to.deep.equal({ ok: true });
    expect(
      verifySignature({
        secret: SECRET,
        body: Buffer.from(body),
        timestamp: headers[TIMESTAMP_HEADER],
        signature: headers[SIGNATURE_HEADER],
      }),
    ).to.deep.equal({ ok: true });
  });

  it('a tampered body, another secret or a changed timestamp → invalid_signature', () => {
    const headers = signRequest(SECRET, body);
    const check = (input: Partial<Parameters<typeof verifySignature>[0]>) =>
      verifySignature({
        secret: SECRET,
        body,
        timestamp: headers[TIMESTAMP_HEADER],
        signature: headers[SIGNATURE_HEADER],
        ...input,
      });
    expect(check({ body: body.replace('Hi', 'Ho') })).to.deep.equal({ ok: false, reason: 'invalid_signature' });
    expect(check({ secret: 'another-secret-0123456789' })).to.deep.equal({ ok: false, reason: 'invalid_signature' });
    expect(check({ timestamp: String(Number(headers[TIMESTAMP_HEADER]) - 1) })).to.deep.equal({
      ok: false,
      reason: 'invalid_signature',
    });
    expect(check({ signature: 'v1=abc' })).to.deep.equal({ ok: false, reason: 'invalid_signature' });
    expect(check({ signature: `v2=${headers[SIGNATURE_HEADER]!.slice(3)}` })).to.deep.equal({
      ok: false,
      reason: 'invalid_signature',
    });
  });

  it('outside the replay window (old or from the future) → expired; missing or malformed headers are named', () => {
    const now = Date.now();
    const old = signRequest(SECRET, body, now - 301_000);
    expect(
      verifySignature({
        secret: SECRET,
        body,
        timestamp: old[TIMESTAMP_HEADER],
        signature: old[SIGNATURE_HEADER],
        nowMs: now,
      }),
    ).to.deep.equal({ ok: false, reason: 'expired' });
    const future = signRequest(SECRET, body, now + 301_000);
    expect(
      verifySignature({
        secret: SECRET,
        body,
        timestamp: future[TIMESTAMP_HEADER],
        signature: future[SIGNATURE_HEADER],
        nowMs: now,
      }),
    ).to.deep.equal({ ok: false, reason: 'expired' });
    const recent = signRequest(SECRET, body, now - 299_000);
    expect(
      verifySignature({
        secret: SECRET,
        body,
        timestamp: recent[TIMESTAMP_HEADER],
        signature: recent[SIGNATURE_HEADER],
        nowMs: now,
      }),
    ).to.deep.equal({ ok: true });
    expect(verifySignature({ secret: SECRET, body, timestamp: undefined, signature: 'v1=00' })).to.deep.equal({
      ok: false,
      reason: 'missing_signature',
    });
    expect(verifySignature({ secret: SECRET, body, timestamp: 'yesterday', signature: 'v1=00' })).to.deep.equal({
      ok: false,
      reason: 'invalid_timestamp',
    });
  });
});

describe('signed webhook: the main server route', () => {
  let app: FastifyInstance;
  const received: ChannelEvent[] = [];
  const handedOver: ChannelEvent[][] = [];
  let failHandler = false;

  before(async () => {
    app = Fastify({ logger: false });
    await app.register(sessionServiceWebhookRoute, {
      secret: SECRET,
      onEvents: async (events) => {
        if (failHandler) throw new Error('database down');
        handedOver.push(events);
        received.push(...events);
      },
    });
  });
  after(() => app.close());

  const post = (body: string, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/webhooks/session-service',
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });

  it('a validly signed event → 204, handed over in the port shape', async () => {
    const body = JSON.stringify(event());
    const res = await post(body, signRequest(SECRET, body));
    expect(res.statusCode).to.equal(204);
    expect(received).to.have.length(1);
    const [e] = received;
    expect(e).to.deep.include({ id: 'evt_1', type: 'message.received', sessionKey: 'ses_abc' });
    expect(e!.type === 'message.received' && e!.message).to.deep.include({
      providerMessageId: 'sbxmid.1',
      from: '+34600111222',
      text: 'Hi',
      media: null,
    });
    expect(e!.occurredAt).to.be.instanceOf(Date);
  });

  it('a tampered body → 401 and nothing is handed over', async () => {
    const body = JSON.stringify(event());
    const headers = signRequest(SECRET, body);
    const res = await post(body.replace('"Hi"', '"Send me your password"'), headers);
    expect(res.statusCode).to.equal(401);
    expect(res.json()).to.deep.equal({
      error: 'invalid webhook signature',
      code: 'unauthorized',
      reason: 'invalid_signature',
    });
    expect(received).to.have.length(1);
  });

  it('an expired signature → 401 expired; no signature → 401 missing_signature', async () => {
    const body = JSON.stringify(event({ id: 'evt_old' }));
    const old = await post(body, signRequest(SECRET, body, Date.now() - 3_600_000));
    expect(old.statusCode).to.equal(401);
    expect(old.json().reason).to.equal('expired');
    const unsigned = await post(body, {});
    expect(unsigned.statusCode).to.equal(401);
    expect(unsigned.json().reason).to.equal('missing_signature');
    expect(received.map((e) => e.id)).not.to.include('evt_old');
  });

  it('a signed body that is not an event → 400', async () => {
    for (const body of ['{"nope": true}', JSON.stringify(event({ type: 'message.deleted' })), 'not json']) {
      const res = await post(body, signRequest(SECRET, body));
      expect(res.statusCode, body).to.equal(400);
      expect(res.json().code).to.equal('invalid_request');
    }
  });

  it('a signed batch → 204, its events handed over together in their order', async () => {
    const statuses = ['delivered', 'read'].map((status, i) =>
      event({
        id: `evt_batch_${i}`,
        type: 'message.status',
        data: { provider_message_id: 'sbxmid.1', status, error: null },
      }),
    );
    const body = JSON.stringify({ events: [event({ id: 'evt_batch_in' }), ...statuses] });
    const before = handedOver.length;
    const res = await post(body, signRequest(SECRET, body));
    expect(res.statusCode).to.equal(204);
    expect(handedOver.slice(before).map((events) => events.map((e) => e.id))).to.deep.equal([
      ['evt_batch_in', 'evt_batch_0', 'evt_batch_1'],
    ]);
    const [, delivered, read] = handedOver.at(-1)!;
    expect(delivered!.type === 'message.status' && delivered!.receipt.status).to.equal('delivered');
    expect(read!.type === 'message.status' && read!.receipt.status).to.equal('read');
  });

  it('a batch with one bad event → 400 naming it, and none of its events handed over', async () => {
    const before = received.length;
    const body = JSON.stringify({
      events: [event({ id: 'evt_ok' }), event({ id: 'evt_bad', type: 'message.deleted' })],
    });
    const res = await post(body, signRequest(SECRET, body));
    expect(res.statusCode).to.equal(400);
    expect(res.json().code).to.equal('invalid_request');
    expect(res.json().error).to.match(/^not a session service event: \/events\/1/);
    for (const empty of ['{"events": []}', JSON.stringify({ events: [event()], extra: true })]) {
      const refused = await post(empty, signRequest(SECRET, empty));
      expect(refused.statusCode, empty).to.equal(400);
    }
    expect(received).to.have.length(before);
  });

  it('a handler failure → 500, so the session service delivers again', async () => {
    failHandler = true;
    try {
      const body = JSON.stringify(event({ id: 'evt_retry' }));
      const res = await post(body, signRequest(SECRET, body));
      expect(res.statusCode).to.equal(500);
      expect(res.json().code).to.equal('internal_error');
    } finally {
      failHandler = false;
    }
  });
});
