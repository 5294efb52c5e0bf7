import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import type { ChannelEvent } from '../channel/channel-port.js';
import { signRequest } from '../channel/webhook-signature.js';
import { http } from '../../../test/helpers/http.js';
import { startSessionService, TEST_SHARED_SECRET } from '../../../test/helpers/session-service-instance.js';
import { eachEvent, startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const NOT_OWNED = 'session does not belong to your shop';

describe('session service over HTTP', () => {
  let k: TestKernel;
  let shopA: { shopId: number; token: string };
  let shopB: { shopId: number; token: string };
  let service: Awaited<ReturnType<typeof startSessionService>>;
  let engineName: string;
  let receiver: WebhookReceiver;
  const events: ChannelEvent[] = [];
  // Session of shop A, paired in the pairing test and used by the tests after it.
  let a: { key: string; apiKey: string; pairingUrl: string };
  let b: { key: string; apiKey: string };

  const url = (path: string) => `${service.url}${path}`;
  const withKey = (apiKey: string) => ({ 'x-api-key': apiKey });
  const eventsOf = (type: ChannelEvent['type'], sessionKey: string) =>
    events.filter((e) => e.type === type && e.sessionKey === sessionKey);
  const countRecords = async (sessionKey: string, idempotencyKey: string) =>
    (
      await service.orm.em
        .getConnection()
        .execute<{ n: number }[]>(
          'select count(*)::int as n from sandbox_messages where session_key = ? and idempotency_key = ?',
          [sessionKey, idempotencyKey],
        )
    )[0]!.n;

  before(async () => {
    k = await bootKernel({ groups: ['general'] });
    shopA = await k.newShop('Session service shop A');
    shopB = await k.newShop('Session service shop B');
    receiver = await startWebhookReceiver(
      TEST_SHARED_SECRET,
      eachEvent(async (event) => void events.push(event)),
    );
    service = await startSessionService({ webhook: { url: receiver.url }, bodyLimitBytes: 4096 });
    engineName = service.engine.name;
  });

  after(async () => {
    await service?.close();
    await receiver?.close();
    await k?.close();
  });

  it('GET /health needs no key and names the sandbox engine', async () => {
    const res = await http('GET', url('/health'));
    expect(res.status).to.equal(200);
    expect(res.body).to.include({ status: 'ok', database: 'up', engine: 'sandbox', sandbox: true });
  });

  describe('POST /sessions', () => {
    it('without a token, or with a wrong one → 401 with a JSON error', async () => {
      const cases: Record<string, string>[] = [
        {},
        { authorization: 'Bearer sbt_not-a-token' },
        { authorization: 'Basic abc' },
      ];
      for (const headers of cases) {
        const res = await http('POST', url('/sessions'), { headers });
        expect(res.status, JSON.stringify(headers)).to.equal(401);
        expect(res.body).to.deep.include({ code: 'unauthorized' });
        expect(res.body.error).to.match(/shop API token/);
      }
    });

    it('with the shop token → 201, the session key and an API key shown once and stored hashed', async () => {
      const res = await http('POST', url('/sessions'), {
        headers: { authorization: `Bearer ${shopA.token}` },
        json: { label: 'Front desk' },
      });
      expect(res.status).to.equal(201);
      expect(res.body.session_key).to.be.a('string').and.match(/^ses_/);
      expect(res.body.api_key).to.be.a('string').and.match(/^sk_/);
      expect(res.body.label).to.equal('Front desk');
      expect(res.body.session).to.include({ status: 'awaiting_pairing', engine: 'sandbox', sandbox: true });
      expect(res.body.pairing.pairing_url).to.match(/\/sandbox\/pair\/[\w-]+$/);
      expect(res.body.pairing.qr_url).to.equal(url(`/sessions/${res.body.session_key}/qr`));
      expect(res.body.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
      a = { key: res.body.session_key, apiKey: res.body.api_key, pairingUrl: res.body.pairing.pairing_url };

      const rows = await service.orm.em
        .getConnection()
        .execute('select shop_id, api_key_hash from session_service_sessions where session_key = ?', [a.key]);
      expect(rows).to.have.length(1);
      expect(rows[0].shop_id).to.equal(shopA.shopId);
      expect(rows[0].api_key_hash).to.equal(createHash('sha256').update(a.apiKey).digest('hex'));
      expect(JSON.stringify(rows)).not.to.include(a.apiKey);

      const other = await http('POST', url('/sessions'), { headers: { authorization: `Bearer ${shopB.token}` } });
      expect(other.status).to.equal(201);
      b = { key: other.body.session_key, apiKey: other.body.api_key };
    });

    it('a label over 50 characters, an unknown field or bad JSON → 400', async () => {
      const auth = { authorization: `Bearer ${shopA.token}` };
      const cases: { json?: unknown; raw?: string; headers?: Record<string, string> }[] = [
        { json: { label: 'x'.repeat(51) } },
        { json: { colour: 'red' } },
        { raw: '{"label": ', headers: { 'content-type': 'application/json' } },
      ];
      for (const options of cases) {
        const res = await http('POST', url('/sessions'), { ...options, headers: { ...auth, ...options.headers } });
        expect(res.status, JSON.stringify(options)).to.equal(400);
        expect(res.body.code).to.equal('invalid_request');
      }
    });

    it('a request signed by the main server names the shop; a bad signature → 401; no shop_id → 400', async () => {
      const body = JSON.stringify({ shop_id: shopA.shopId, label: 'Signed' });
      const ok = await http('POST', url('/sessions'), {
        raw: body,
        headers: { 'content-type': 'application/json', ...signRequest(TEST_SHARED_SECRET, body) },
      });
      expect(ok.status).to.equal(201);
      const owner = await service.orm.em
        .getConnection()
        .execute('select shop_id from session_service_sessions where session_key = ?', [ok.body.session_key]);
      expect(owner[0].shop_id).to.equal(shopA.shopId);

      const forged = await http('POST', url('/sessions'), {
        raw: body,
        headers: { 'content-type': 'application/json', ...signRequest('another-secret-0123456789', body) },
      });
      expect(forged.status).to.equal(401);
      expect(forged.body).to.include({ code: 'unauthorized', reason: 'invalid_signature' });

      const noShop = JSON.stringify({ label: 'x' });
      const missing = await http('POST', url('/sessions'), {
        raw: noShop,
        headers: { 'content-type': 'application/json', ...signRequest(TEST_SHARED_SECRET, noShop) },
      });
      expect(missing.status).to.equal(400);
    });
  });

  describe('GET /sessions/:key/qr (no key)', () => {
    it('answers a PNG by default', async () => {
      const res = await http('GET', url(`/sessions/${a.key}/qr`));
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/png');
      expect(res.bytes.subarray(0, 8).equals(PNG_MAGIC)).to.equal(true);
    });

    it('answers JSON with a data URL and the pairing link it encodes when asked', async () => {
      const res = await http('GET', url(`/sessions/${a.key}/qr`), { headers: { accept: 'application/json' } });
      expect(res.status).to.equal(200);
      expect(res.body.pairing_url).to.equal(a.pairingUrl);
      expect(res.body.data_url).to.match(/^data:image\/png;base64,/);
      expect(Buffer.from(res.body.data_url.split(',')[1], 'base64').subarray(0, 8).equals(PNG_MAGIC)).to.equal(true);
      expect(res.body).to.include({ sandbox: true, status: 'awaiting_pairing' });
    });

    it('pairing codes are refused by the sandbox engine with a clear error', async () => {
      const res = await http('POST', url(`/sessions/${a.key}/pairing-code`), {
        headers: withKey(a.apiKey),
        json: { phone: '+34600111222' },
      });
      expect(res.status).to.equal(400);
      expect(res.body.code).to.equal('invalid_request');
      expect(res.body.error).to.match(/baileys engine/);
    });

    it('an unknown session → 404', async () => {
      const res = await http('GET', url('/sessions/ses_unknown/qr'));
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('session_not_found');
    });
  });

  describe('keys', () => {
    it('missing X-API-Key → 401', async () => {
      const res = await http('GET', url(`/sessions/${a.key}`));
      expect(res.status).to.equal(401);
      expect(res.body.code).to.equal('unauthorized');
      expect(res.body.error).to.match(/X-API-Key/);
    });

    it('an invalid X-API-Key → 401', async () => {
      const res = await http('GET', url(`/sessions/${a.key}`), { headers: withKey('sk_invalid') });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ error: 'invalid API key', code: 'unauthorized' });
    });

    it("a key of one shop on another shop's session → 401 'session does not belong to your shop', nothing changes", async () => {
      const attempts = [
        http('GET', url(`/sessions/${a.key}`), { headers: withKey(b.apiKey) }),
        http('GET', url(`/sessions/${a.key}/messages`), { headers: withKey(b.apiKey) }),
        http('POST', url(`/sessions/${a.key}/messages`), {
          headers: withKey(b.apiKey),
          json: { to: '+34600111222', text: 'hi', idempotency_key: 'cross-1' },
        }),
        http('POST', url(`/sessions/${a.key}/connect`), { headers: withKey(b.apiKey) }),
        http('POST', url(`/sessions/${a.key}/logout`), { headers: withKey(b.apiKey) }),
        http('DELETE', url(`/sessions/${a.key}`), { headers: withKey(b.apiKey) }),
        http('POST', url(`/sandbox/sessions/${a.key}/inbound`), {
          headers: withKey(b.apiKey),
          json: { from: '+34600111222', text: 'forged' },
        }),
        http('GET', url(`/sessions/${b.key}`), { headers: withKey(a.apiKey) }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).to.equal(401);
        expect(res.headers.get('content-type')).to.match(/application\/json/);
        expect(res.body.error).to.equal(NOT_OWNED);
        expect(res.body.code).to.equal('session_not_owned');
      }
      const own = await http('GET', url(`/sessions/${a.key}`), { headers: withKey(a.apiKey) });
      expect(own.body.session.status).to.equal('awaiting_pairing');
      expect(await countRecords(a.key, 'cross-1')).to.equal(0);
    });

    it('a valid key on an unknown session → 404', async () => {
      const res = await http('GET', url('/sessions/ses_missing'), { headers: withKey(a.apiKey) });
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('session_not_found');
    });
  });

  describe('a session from pairing to delete', () => {
    it('status before pairing is awaiting_pairing, labelled sandbox', async () => {
      const res = await http('GET', url(`/sessions/${a.key}`), { headers: withKey(a.apiKey) });
      expect(res.status).to.equal(200);
      expect(res.body.session).to.include({
        session_key: a.key,
        status: 'awaiting_pairing',
        phone: null,
        engine: 'sandbox',
        sandbox: true,
        label: 'Front desk',
      });
      expect(res.body.session.notice).to.match(/sandbox/i);
    });

    it('sending before pairing → 409 session_not_connected', async () => {
      const res = await http('POST', url(`/sessions/${a.key}/messages`), {
        headers: withKey(a.apiKey),
        json: { to: '+34600111222', text: 'too early', idempotency_key: 'early' },
      });
      expect(res.status).to.equal(409);
      expect(res.body).to.include({ code: 'session_not_connected', status: 'awaiting_pairing' });
    });

    it('opening the pairing link pairs the session and the main server hears session.connected', async () => {
      const res = await http('GET', `${a.pairingUrl}?phone=${encodeURIComponent('+34 699 000 111')}`, {
        headers: { accept: 'application/json' },
      });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ paired: true, outcome: 'paired' });
      expect(res.body.session).to.include({ status: 'connected', phone: '+34699000111', sandbox: true });

      const status = await http('GET', url(`/sessions/${a.key}`), { headers: withKey(a.apiKey) });
      expect(status.body.session).to.include({ status: 'connected', phone: '+34699000111' });
      expect(status.body.session.connected_at).to.be.a('string');
      const [connected] = await waitFor(
        'session.connected',
        () => eventsOf('session.connected', a.key).length > 0 && eventsOf('session.connected', a.key),
      );
      expect(connected).to.include({ phone: '+34699000111' });

      const again = await http('GET', a.pairingUrl);
      expect(again.status).to.equal(200);
      expect(again.headers.get('content-type')).to.match(/text\/html/);
      expect(again.bytes.toString())
        .to.match(/already paired/)
        .and.match(/SANDBOX/);
      const qr = await http('GET', url(`/sessions/${a.key}/qr`));
      expect(qr.status).to.equal(409);
      expect(qr.body).to.include({ code: 'not_awaiting_pairing', status: 'connected' });
    });

    it('an unknown pairing link → 404', async () => {
      const res = await http('GET', url('/sandbox/pair/not-a-token'), { headers: { accept: 'application/json' } });
      expect(res.status).to.equal(404);
      expect(res.body.code).to.equal('pairing_link_invalid');
    });

    let providerId: string;
    it('send is idempotent: the same key twice is one record and one provider id', async () => {
      const body = { to: '+34 600 111 222', text: 'Your order has shipped', idempotency_key: 'order-1-shipped' };
      const first = await http('POST', url(`/sessions/${a.key}/messages`), { headers: withKey(a.apiKey), json: body });
      expect(first.status).to.equal(201);
      expect(first.body.message).to.include({ status: 'sent', to: '+34600111222', idempotency_key: 'order-1-shipped' });
      expect(first.body).to.include({ duplicate: false, sandbox: true });
      providerId = first.body.message.provider_message_id;

      const second = await http('POST', url(`/sessions/${a.key}/messages`), { headers: withKey(a.apiKey), json: body });
      expect(second.status).to.equal(200);
      expect(second.body.duplicate).to.equal(true);
      expect(second.body.message.provider_message_id).to.equal(providerId);
      expect(await countRecords(a.key, 'order-1-shipped')).to.equal(1);

      const viaHeader = await http('POST', url(`/sessions/${a.key}/messages`), {
        headers: { ...withKey(a.apiKey), 'idempotency-key': 'order-1-shipped' },
        json: { to: body.to, text: body.text },
      });
      expect(viaHeader.status).to.equal(200);
      expect(viaHeader.body.message.provider_message_id).to.equal(providerId);
    });

    it('the same key with another message → 409 idempotency_conflict; no key, bad phone or no content → 400', async () => {
      const send = (json: Record<string, unknown>) =>
        http('POST', url(`/sessions/${a.key}/messages`), { headers: withKey(a.apiKey), json });
      const conflict = await send({ to: '+34600111222', text: 'something else', idempotency_key: 'order-1-shipped' });
      expect(conflict.status).to.equal(409);
      expect(conflict.body).to.include({ code: 'idempotency_conflict', provider_message_id: providerId });

      const noKey = await send({ to: '+34600111222', text: 'x' });
      expect(noKey.status).to.equal(400);
      expect(noKey.body.error).to.match(/idempotency key is required/);
      const badPhone = await send({ to: '12', text: 'x', idempotency_key: 'bad-phone' });
      expect(badPhone.status).to.equal(400);
      expect(badPhone.body.code).to.equal('invalid_recipient');
      const empty = await send({ to: '+34600111222', idempotency_key: 'empty' });
      expect(empty.status).to.equal(400);
      expect(empty.body.code).to.equal('invalid_message');
      const unknownField = await send({ to: '+34600111222', text: 'x', idempotency_key: 'u', priority: 'high' });
      expect(unknownField.status).to.equal(400);
      expect(unknownField.body.code).to.equal('invalid_request');
    });

    it('receipts sent → delivered → read reach the main server through the signed webhook', async () => {
      const statuses = await waitFor('the read receipt', () => {
        const seen = events
          .filter((e) => e.type === 'message.status' && e.receipt.providerMessageId === providerId)
          .map((e) => (e.type === 'message.status' ? e.receipt.status : ''));
        return seen.includes('read') && seen;
      });
      expect(statuses).to.deep.equal(['sent', 'delivered', 'read']);
      const list = await http('GET', url(`/sessions/${a.key}/messages`), { headers: withKey(a.apiKey) });
      const message = list.body.messages.find((m: any) => m.provider_message_id === providerId);
      expect(message).to.include({
        status: 'read',
        direction: 'outbound',
        from: '+34699000111',
        to: '+34600111222',
        sandbox: true,
      });
      expect(message.delivered_at).to.be.a('string');
      expect(message.read_at).to.be.a('string');
    });

    it('after a restart of the service the same key still gives the first message, never a second', async () => {
      await service.close();
      service = await startSessionService({ webhook: { url: receiver.url }, bodyLimitBytes: 4096, engineName });
      const res = await http('POST', url(`/sessions/${a.key}/messages`), {
        headers: withKey(a.apiKey),
        json: { to: '+34600111222', text: 'Your order has shipped', idempotency_key: 'order-1-shipped' },
      });
      expect(res.status).to.equal(200);
      expect(res.body.message.provider_message_id).to.equal(providerId);
      expect(await countRecords(a.key, 'order-1-shipped')).to.equal(1);
    });

    it('an injected inbound message reaches the main server as message.received', async () => {
      const res = await http('POST', url(`/sandbox/sessions/${a.key}/inbound`), {
        headers: withKey(a.apiKey),
        json: { from: '+34600111222', text: 'Thanks!' },
      });
      expect(res.status).to.equal(201);
      expect(res.body.message).to.include({
        direction: 'inbound',
        from: '+34600111222',
        to: '+34699000111',
        status: 'received',
        text: 'Thanks!',
      });
      const [received] = await waitFor(
        'message.received',
        () => eventsOf('message.received', a.key).length > 0 && eventsOf('message.received', a.key),
      );
      expect(received!.type === 'message.received' && received!.message).to.deep.include({
        from: '+34600111222',
        text: 'Thanks!',
        providerMessageId: res.body.message.provider_message_id,
      });
    });

    it('a receipt that would move a message backwards → 409 invalid_receipt', async () => {
      const res = await http('POST', url(`/sandbox/sessions/${a.key}/receipts`), {
        headers: withKey(a.apiKey),
        json: { provider_message_id: providerId, status: 'failed' },
      });
      expect(res.status).to.equal(409);
      expect(res.body).to.include({ code: 'invalid_receipt', current_status: 'read' });
    });

    it('lists messages newest first with paging and a direction filter', async () => {
      for (const n of [1, 2, 3]) {
        await http('POST', url(`/sessions/${a.key}/messages`), {
          headers: withKey(a.apiKey),
          json: { to: '+34600111222', text: `note ${n}`, idempotency_key: `note-${n}` },
        });
      }
      const page = await http('GET', url(`/sessions/${a.key}/messages?limit=2`), { headers: withKey(a.apiKey) });
      expect(page.status).to.equal(200);
      // order-1-shipped, the inbound reply and three notes.
      expect(page.body).to.include({ count: 5, limit: 2, offset: 0, has_more: true, sandbox: true });
      expect(page.body.messages.map((m: any) => m.text)).to.deep.equal(['note 3', 'note 2']);
      const last = await http('GET', url(`/sessions/${a.key}/messages?limit=2&offset=4`), {
        headers: withKey(a.apiKey),
      });
      expect(last.body).to.include({ has_more: false });
      expect(last.body.messages).to.have.length(1);
      const inbound = await http('GET', url(`/sessions/${a.key}/messages?direction=inbound`), {
        headers: withKey(a.apiKey),
      });
      expect(inbound.body.count).to.equal(1);
      expect(inbound.body.messages[0].text).to.equal('Thanks!');
      const bad = await http('GET', url(`/sessions/${a.key}/messages?limit=500`), { headers: withKey(a.apiKey) });
      expect(bad.status).to.equal(400);
    });

    it('a body over the limit → 413 with a JSON error', async () => {
      const res = await http('POST', url(`/sessions/${a.key}/messages`), {
        headers: withKey(a.apiKey),
        json: { to: '+34600111222', text: 'x'.repeat(5000), idempotency_key: 'big' },
      });
      expect(res.status).to.equal(413);
      expect(res.body).to.deep.equal({
        error: 'request body too large: the limit is 4096 bytes',
        code: 'payload_too_large',
        limit_bytes: 4096,
      });
    });

    it('logout disconnects (session.disconnected), refuses sends, and connect pairs again with a new link', async () => {
      const res = await http('POST', url(`/sessions/${a.key}/logout`), { headers: withKey(a.apiKey) });
      expect(res.status).to.equal(200);
      expect(res.body.session).to.include({ status: 'logged_out', sandbox: true });
      await waitFor('session.disconnected', () => eventsOf('session.disconnected', a.key).length > 0);

      const send = await http('POST', url(`/sessions/${a.key}/messages`), {
        headers: withKey(a.apiKey),
        json: { to: '+34600111222', text: 'x', idempotency_key: 'after-logout' },
      });
      expect(send.status).to.equal(409);
      expect(send.body.code).to.equal('session_not_connected');
      // The service restarted on another port since; the link's token is what matters.
      const oldLink = await http('GET', url(new URL(a.pairingUrl).pathname), {
        headers: { accept: 'application/json' },
      });
      expect(oldLink.status).to.equal(404);

      const connect = await http('POST', url(`/sessions/${a.key}/connect`), { headers: withKey(a.apiKey) });
      expect(connect.status).to.equal(200);
      expect(connect.body).to.include({ status: 'awaiting_pairing', sandbox: true });
      expect(connect.body.pairing_url).to.be.a('string').and.not.equal(a.pairingUrl);
      expect(connect.body.qr_data_url).to.match(/^data:image\/png;base64,/);
    });

    it('delete removes the session: its key stops working and its QR is gone', async () => {
      const res = await http('DELETE', url(`/sessions/${a.key}`), { headers: withKey(a.apiKey) });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ deleted: true, session_key: a.key });
      const status = await http('GET', url(`/sessions/${a.key}`), { headers: withKey(a.apiKey) });
      expect(status.status).to.equal(401);
      const qr = await http('GET', url(`/sessions/${a.key}/qr`));
      expect(qr.status).to.equal(404);
      const rows = await service.orm.em
        .getConnection()
        .execute('select count(*)::int as n from sandbox_messages where session_key = ?', [a.key]);
      expect(rows[0].n).to.equal(0);
    });
  });

  describe('forced receipts', () => {
    let slow: Awaited<ReturnType<typeof startSessionService>>;
    // Receipts that never come on their own, so a forced failure cannot race a simulated delivery.
    before(async () => {
      slow = await startSessionService({
        webhook: { url: receiver.url },
        sandbox: { deliveredAfterMs: 600_000, readAfterMs: null, pollIntervalMs: 20 },
      });
    });
    after(() => slow?.close());

    it('a forced failure is recorded and delivered to the main server as a failed receipt', async () => {
      const created = await http('POST', `${slow.url}/sessions`, {
        headers: { authorization: `Bearer ${shopA.token}` },
      });
      const { session_key: key, api_key: apiKey } = created.body;
      await http('GET', created.body.pairing.pairing_url);
      const sent = await http('POST', `${slow.url}/sessions/${key}/messages`, {
        headers: withKey(apiKey),
        json: { to: '+34600111333', text: 'x', idempotency_key: 'to-fail' },
      });
      const id = sent.body.message.provider_message_id;
      const res = await http('POST', `${slow.url}/sandbox/sessions/${key}/receipts`, {
        headers: withKey(apiKey),
        json: { provider_message_id: id, status: 'failed', error: 'number not on the network' },
      });
      expect(res.status).to.equal(200);
      expect(res.body.message).to.include({ status: 'failed', error: 'number not on the network' });
      expect(res.body.message.failed_at).to.be.a('string');
      const failed = await waitFor('the failed receipt', () =>
        events.find(
          (e) => e.type === 'message.status' && e.receipt.providerMessageId === id && e.receipt.status === 'failed',
        ),
      );
      expect(failed.type === 'message.status' && failed.receipt.error).to.equal('number not on the network');
      const unknown = await http('POST', `${slow.url}/sandbox/sessions/${key}/receipts`, {
        headers: withKey(apiKey),
        json: { provider_message_id: 'sbxmid.nope', status: 'read' },
      });
      expect(unknown.status).to.equal(409);
      expect(unknown.body.code).to.equal('invalid_receipt');
    });
  });

  describe('rate limits', () => {
    let limited: Awaited<ReturnType<typeof startSessionService>>;
    before(async () => {
      limited = await startSessionService({
        rateLimit: { requestsPerWindow: 3, failedAttemptsPerWindow: 3, windowSeconds: 60 },
      });
    });
    after(() => limited?.close());

    it('a key over its budget → 429 with Retry-After and a JSON error', async () => {
      const created = await http('POST', `${limited.url}/sessions`, {
        headers: { authorization: `Bearer ${shopB.token}` },
      });
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await http('GET', `${limited.url}/sessions/${created.body.session_key}`, {
          headers: withKey(created.body.api_key),
        });
        statuses.push(last.status);
      }
      expect(statuses).to.deep.equal([200, 200, 200, 429]);
      expect(Number(last!.headers.get('retry-after'))).to.be.within(1, 60);
      expect(last!.body.code).to.equal('rate_limited');
      expect(last!.body.error).to.match(/^rate limit exceeded: retry in \d+ s$/);
      expect(last!.body.retry_after_seconds).to.be.within(1, 60);
    });

    it('repeated invalid keys from one address → 429; a valid key from that address still passes', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await http('GET', `${limited.url}/sessions/ses_x`, { headers: withKey(`sk_guess_${i}`) })).status,
        );
      expect(statuses).to.deep.equal([401, 401, 401, 429]);
      // Behind a proxy every client shares the address: another client's guesses lock no one out.
      const created = await http('POST', `${limited.url}/sessions`, {
        headers: { authorization: `Bearer ${shopB.token}` },
      });
      const own = await http('GET', `${limited.url}/sessions/${created.body.session_key}`, {
        headers: withKey(created.body.api_key),
      });
      expect(created.status).to.equal(201);
      expect(own.status).to.equal(200);
      expect((await http('GET', `${limited.url}/sessions/ses_x`)).status).to.equal(429);
    });
  });
});
