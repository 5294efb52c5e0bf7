import { expect } from 'chai';
import Fastify from 'fastify';
import type { WireEvent } from '../channel/wire-format.js';
import { webhookSink } from '../session-service/webhook-sink.js';
import { eachEvent, startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';

const SECRET = 'sink-test-secret-0123456789';

const inbound = (n: number, text = `hello ${n}`): WireEvent => ({
  id: `evt_${n}`,
  type: 'message.received',
  session_key: 'ses_sink',
  occurred_at: '2026-01-02T03:04:05.000Z',
  engine: 'sandbox',
  sandbox: true,
  data: {
    provider_message_id: `sbxmid.${n}`,
    from: '+34600111222',
    text,
    media: null,
    timestamp: '2026-01-02T03:04:05.000Z',
  },
});

describe('session service: the webhook sink', () => {
  let receiver: WebhookReceiver;
  let failAt: string | null = null;
  const seen: string[] = [];

  before(async () => {
    receiver = await startWebhookReceiver(
      SECRET,
      eachEvent(async (event) => {
        if (event.id === failAt) throw new Error('database down');
        seen.push(event.id);
      }),
    );
  });
  after(() => receiver.close());
  beforeEach(() => {
    receiver.requests.length = 0;
    seen.length = 0;
    failAt = null;
  });

  const sink = () => webhookSink({ url: receiver.url, secret: SECRET, timeoutMs: 5000 });

  it('posts a burst as requests of up to 100 events, every event once and in order', async () => {
    const events = Array.from({ length: 250 }, (_, i) => inbound(i));
    await sink()(events);
    expect(receiver.requests.map((r) => r.length)).to.deep.equal([100, 100, 50]);
    expect(seen).to.deep.equal(events.map((e) => e.id));
  });

  it('keeps a request under 256 KB: large events share fewer requests, one larger than that goes alone', async () => {
    const big = 'x'.repeat(100 * 1024);
    const events = [inbound(1, big), inbound(2, big), inbound(3, big), inbound(4, 'y'.repeat(300 * 1024)), inbound(5)];
    await sink()(events);
    expect(receiver.requests.map((r) => r.map((e) => e.id))).to.deep.equal([
      ['evt_1', 'evt_2'],
      ['evt_3'],
      ['evt_4'],
      ['evt_5'],
    ]);
  });

  it('posts one event as the body by itself, so a main server that predates batches takes it', async () => {
    // Such a server: one event a request, anything else refused.
    const bodies: unknown[] = [];
    const older = Fastify({ logger: false });
    older.post('/webhooks/session-service', async (request, reply) => {
      bodies.push(request.body);
      return reply.code('events' in (request.body as object) ? 400 : 204).send();
    });
    const address = await older.listen({ host: '127.0.0.1', port: 0 });
    try {
      const olderSink = webhookSink({ url: `${address}/webhooks/session-service`, secret: SECRET, timeoutMs: 5000 });
      await olderSink([inbound(1)]);
      let error: Error | null = null;
      await olderSink([inbound(2), inbound(3)]).catch((err: Error) => (error = err));
      expect(error!.message).to.match(/answered HTTP 400/);
      expect(bodies).to.deep.equal([inbound(1), { events: [inbound(2), inbound(3)] }]);
    } finally {
      await older.close();
    }
  });

  it('throws when the main server refuses a request, after the requests before it were taken', async () => {
    failAt = 'evt_150';
    const events = Array.from({ length: 250 }, (_, i) => inbound(i));
    let error: Error | null = null;
    await sink()(events).catch((err: Error) => (error = err));
    expect(error!.message).to.match(/answered HTTP 500/);
    // The first request was stored; the second failed at its 51st event; the third was never sent.
    expect(receiver.requests.map((r) => r.length)).to.deep.equal([100, 100]);
    expect(seen).to.deep.equal(events.slice(0, 150).map((e) => e.id));
  });
});
