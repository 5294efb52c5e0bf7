import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import type { ChannelEvent } from '../channel/channel-port.js';
import type { ChannelError } from '../channel/channel-error.js';
import { SessionServiceAdapter } from '../channel/session-service-adapter.js';
import { http } from '../../../test/helpers/http.js';
import {
  FAST_BAILEYS,
  startSessionService,
  TEST_SHARED_SECRET,
  uniqueEngineName,
} from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { eachEvent, startWebhookReceiver, type WebhookReceiver } from './helpers/webhook-receiver.js';
import { ScriptedWhatsApp, type ScriptedSocket } from './helpers/scripted-whatsapp.js';
import { DisconnectReason, proto } from '../session-service/baileys/library.js';
import { backoffDelayMs, closeAction } from '../session-service/baileys/reconnect-policy.js';
import { SendThrottle } from '../session-service/baileys/send-throttle.js';
import type { BaileysEngine } from '../session-service/baileys/baileys-engine.js';
import { loadSessionServiceConfig } from '../session-service/service-config.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CUSTOMER = '+34600111222';
const CUSTOMER_JID = '34600111222@s.whatsapp.net';
const LINE_DIGITS = '34600999888';

describe('session service, Baileys engine: policies', () => {
  it('is chosen by SESSION_SERVICE_ENGINE and needs a secret to seal credentials with', () => {
    expect(() => loadSessionServiceConfig({ SESSION_SERVICE_ENGINE: 'baileys' })).to.throw(
      /SESSION_SERVICE_AUTH_SECRET/,
    );
    expect(() => loadSessionServiceConfig({ SESSION_SERVICE_ENGINE: 'whatsapp' })).to.throw(/engine/);
    const config = loadSessionServiceConfig({
      SESSION_SERVICE_ENGINE: 'baileys',
      SESSION_SERVICE_AUTH_SECRET: 'a-secret-of-enough-length',
      BAILEYS_SEND_INTERVAL_MS: '5000',
    });
    expect(config.engine).to.equal('baileys');
    expect(config.baileys).to.include({ sendIntervalMs: 5000, sendJitterMs: 4000, maxSendWaitMs: 10_000 });
    expect(loadSessionServiceConfig({}).engine).to.equal('sandbox');
  });

  it('maps each close code to its action', () => {
    const pairing = { qrShown: false, registered: true };
    expect(closeAction(401, pairing)).to.deep.equal({ kind: 'stop', reason: 'logged_out', forgetCredentials: true });
    expect(closeAction(403, pairing)).to.deep.equal({ kind: 'stop', reason: 'banned', forgetCredentials: true });
    expect(closeAction(440, pairing)).to.deep.include({ kind: 'stop', reason: 'connection_replaced' });
    expect(closeAction(515, pairing)).to.deep.equal({ kind: 'reconnect_now' });
    for (const code of [408, 428, 500, 503, 411, undefined])
      expect(closeAction(code, pairing).kind).to.equal('backoff');
    expect(closeAction(408, { qrShown: true, registered: false })).to.deep.include({ reason: 'pairing_expired' });
  });

  it('backs off exponentially with jitter, within the cap', () => {
    const settings = { baseMs: 1000, maxMs: 60_000 };
    expect(backoffDelayMs(1, settings, () => 0)).to.equal(500);
    expect(backoffDelayMs(1, settings, () => 0.999)).to.be.closeTo(1499, 1);
    expect(backoffDelayMs(4, settings, () => 0.5)).to.equal(8000);
    expect(backoffDelayMs(30, settings, () => 0.5)).to.equal(60_000);
    const spread = new Set(Array.from({ length: 20 }, () => backoffDelayMs(3, settings)));
    expect(spread.size).to.be.greaterThan(1);
  });

  it('paces sends: an interval plus jitter between slots, and a refusal past the longest wait', () => {
    let now = 1_000_000;
    const throttle = new SendThrottle(
      { intervalMs: 1000, jitterMs: 500, maxWaitMs: 2000 },
      () => 0.5,
      () => now,
    );
    expect(throttle.reserve()).to.deep.equal({ waitMs: 0 });
    expect(throttle.reserve()).to.deep.equal({ waitMs: 1250 });
    expect(throttle.reserve()).to.deep.equal({ retryAfterSeconds: 1 });
    now += 1250;
    expect(throttle.reserve()).to.deep.equal({ waitMs: 1250 });
  });
});

describe('session service, Baileys engine on a scripted WhatsApp', () => {
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let receiver: WebhookReceiver;
  let network: ScriptedWhatsApp;
  let service: Awaited<ReturnType<typeof startSessionService>>;
  const events: ChannelEvent[] = [];
  const url = (path: string) => `${service.url}${path}`;
  const eventsOf = (type: ChannelEvent['type'], key: string) =>
    events.filter((e) => e.type === type && e.sessionKey === key);

  // One engine name across restarts: a restarted service takes its sessions back.
  const engineName = uniqueEngineName('sbt');
  const boot = async (baileys: Record<string, unknown> = {}) => {
    service = await startSessionService(
      { engine: 'baileys', engineName, baileys: { ...FAST_BAILEYS, ...baileys }, webhook: { url: receiver.url } },
      { socketFactory: network.factory },
    );
  };

  /** A session created over HTTP, and paired when asked. */
  const newSession = async (paired = true) => {
    const res = await http('POST', url('/sessions'), { headers: { authorization: `Bearer ${shop.token}` } });
    expect(res.status).to.equal(201);
    const s = { key: res.body.session_key as string, apiKey: res.body.api_key as string, created: res.body };
    if (paired) {
      network.socketOf(s.key).scanned(LINE_DIGITS);
      await waitFor('connected', async () => (await status(s)).status === 'connected');
    }
    return s;
  };
  const status = async (s: { key: string; apiKey: string }) =>
    (await http('GET', url(`/sessions/${s.key}`), { headers: { 'x-api-key': s.apiKey } })).body.session;
  const send = (s: { key: string; apiKey: string }, key: string, text = 'hello') =>
    http('POST', url(`/sessions/${s.key}/messages`), {
      headers: { 'x-api-key': s.apiKey },
      json: { to: CUSTOMER, text, idempotency_key: key },
    });

  before(async () => {
    k = await bootKernel({ groups: ['general'] });
    shop = await k.newShop('Baileys engine shop');
    receiver = await startWebhookReceiver(
      TEST_SHARED_SECRET,
      eachEvent(async (event) => void events.push(event)),
    );
    network = new ScriptedWhatsApp();
    await boot();
  });
  after(async () => {
    await service?.close();
    await receiver?.close();
    await k?.close();
  });

  it('health names the baileys engine, not a sandbox', async () => {
    const res = await http('GET', url('/health'));
    expect(res.body).to.include({ status: 'ok', engine: 'baileys', sandbox: false });
  });

  it('serves the live QR as PNG, raw and JSON, and follows the library as it rotates it', async () => {
    const s = await newSession(false);
    expect(s.created.session).to.include({ status: 'awaiting_pairing', engine: 'baileys', sandbox: false });
    expect(s.created.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
    expect(s.created.pairing.pairing_url).to.equal(null);
    const socket = network.socketOf(s.key);
    // Whoever scans this QR becomes the shop's line: it is served only with the access code of qr_url.
    const qrUrl = new URL(s.created.pairing.qr_url);
    expect(qrUrl.pathname).to.equal(`/sessions/${s.key}/qr`);
    const access = qrUrl.searchParams.get('access');
    expect(access).to.be.a('string').with.length.greaterThan(20);
    for (const query of ['', '?access=wrong', '?format=raw']) {
      const refused = await http('GET', url(`/sessions/${s.key}/qr${query}`));
      expect(refused.status, query).to.equal(401);
      expect(refused.body.code).to.equal('unauthorized');
    }
    const qr = (query: string) => `/sessions/${s.key}/qr?access=${access}${query}`;
    const first = await http('GET', url(qr('&format=raw')));
    expect(first.status).to.equal(200);
    const firstQr = first.bytes.toString('utf8');
    expect(firstQr).to.match(/^2@scripted-ref-1-/);
    const png = await http('GET', s.created.pairing.qr_url);
    expect(png.bytes.subarray(0, 8).equals(PNG_MAGIC)).to.equal(true);
    const json = await http('GET', url(qr('')), { headers: { accept: 'application/json' } });
    expect(json.body).to.include({ qr: firstQr, status: 'awaiting_pairing', engine: 'baileys', pairing_url: null });
    const firstExpiry = Date.parse(json.body.expires_at) - Date.now();
    expect(firstExpiry).to.be.within(55_000, 60_000);

    const next = socket.showQr();
    const rotated = await http('GET', url(qr('')), { headers: { accept: 'application/json' } });
    expect(rotated.body.qr).to.equal(next);
    expect(Date.parse(rotated.body.expires_at) - Date.now()).to.be.within(15_000, 20_000);

    // The library gives up after its last QR (408): pairing expired, no reconnection.
    socket.close(DisconnectReason.timedOut, 'QR refs attempts ended');
    await waitFor('pairing expired', async () => (await status(s)).status === 'logged_out');
    expect(await status(s)).to.include({ reason: 'pairing_expired' });
    const gone = await http('GET', url(qr('')));
    expect(gone.status).to.equal(409);
    expect(network.socketsOf(s.key)).to.have.length(1);

    // connect() starts a new socket and a new QR.
    const again = await http('POST', url(`/sessions/${s.key}/connect`), { headers: { 'x-api-key': s.apiKey } });
    expect(again.body).to.include({ status: 'awaiting_pairing' });
    expect(again.body.qr_data_url).to.match(/^data:image\/png/);
    expect(network.socketsOf(s.key)).to.have.length(2);
  });

  it('offers a pairing code while unpaired, through the pairing-code route', async () => {
    const s = await newSession(false);
    const res = await http('POST', url(`/sessions/${s.key}/pairing-code`), {
      headers: { 'x-api-key': s.apiKey },
      json: { phone: `+${LINE_DIGITS}` },
    });
    expect(res.status).to.equal(200);
    expect(res.body.pairing_code).to.equal('SCRP9888');
    expect(network.pairingCodes.at(-1)).to.include({ sessionKey: s.key, phoneNumber: LINE_DIGITS });
    // The main server asks through its adapter.
    const adapter = new SessionServiceAdapter({ baseUrl: service.url, sharedSecret: TEST_SHARED_SECRET });
    expect(await adapter.requestPairingCode({ sessionKey: s.key, apiKey: s.apiKey }, `+${LINE_DIGITS}`)).to.deep.equal({
      code: 'SCRP9888',
    });
    const bad = await http('POST', url(`/sessions/${s.key}/pairing-code`), {
      headers: { 'x-api-key': s.apiKey },
      json: { phone: 'not a phone' },
    });
    expect(bad.status).to.equal(400);

    network.socketOf(s.key).scanned(LINE_DIGITS);
    await waitFor('connected', async () => (await status(s)).status === 'connected');
    const late = await http('POST', url(`/sessions/${s.key}/pairing-code`), {
      headers: { 'x-api-key': s.apiKey },
      json: { phone: `+${LINE_DIGITS}` },
    });
    expect(late.status).to.equal(409);
    expect(late.body.code).to.equal('not_awaiting_pairing');
    const refused = await adapter.requestPairingCode({ sessionKey: s.key, apiKey: s.apiKey }, `+${LINE_DIGITS}`).then(
      () => null,
      (err: ChannelError) => err.code,
    );
    expect(refused).to.equal('not_awaiting_pairing');
  });

  it('515 after pairing reconnects at once; the line connects with its number and announces it once', async () => {
    const s = await newSession();
    expect(network.socketsOf(s.key)).to.have.length(2);
    expect(await status(s)).to.include({ status: 'connected', phone: `+${LINE_DIGITS}`, reason: null });
    await waitFor('session.connected', () => eventsOf('session.connected', s.key).length === 1);
    expect(eventsOf('session.connected', s.key)[0]).to.include({ phone: `+${LINE_DIGITS}` });
  });

  it('other drops back off and reconnect without telling the main server; sends meanwhile → 503', async () => {
    const s = await newSession();
    network.autoConnect = false;
    network.socketOf(s.key).close(DisconnectReason.connectionClosed, 'Connection Terminated');
    await waitFor('reconnecting', async () => (await status(s)).reason === 'reconnecting');
    expect(await status(s)).to.include({ status: 'connected' });
    const refused = await send(s, 'during-drop');
    expect(refused.status).to.equal(503);
    expect(refused.body).to.include({ code: 'channel_unavailable', reason: 'reconnecting' });
    const retried = await waitFor('a new socket', () => network.socketsOf(s.key).length === 3);
    expect(retried).to.equal(true);
    network.autoConnect = true;
    network.socketOf(s.key).open();
    await waitFor('reconnected', async () => (await status(s)).reason === null);
    expect(eventsOf('session.disconnected', s.key)).to.have.length(0);
    expect(eventsOf('session.connected', s.key)).to.have.length(1);
    expect((await send(s, 'after-drop')).status).to.equal(201);
  });

  for (const [code, reason] of [
    [DisconnectReason.loggedOut, 'logged_out'],
    [DisconnectReason.forbidden, 'banned'],
    [DisconnectReason.connectionReplaced, 'connection_replaced'],
  ] as const) {
    it(`${code} stops the line for good (${reason}), tells the main server, and never reconnects`, async () => {
      const s = await newSession();
      const sockets = network.socketsOf(s.key).length;
      network.socketOf(s.key).close(code, 'Connection Failure');
      await waitFor('stopped', async () => (await status(s)).status === 'logged_out');
      expect(await status(s)).to.include({ reason });
      const [event] = await waitFor('session.disconnected', () => {
        const found = eventsOf('session.disconnected', s.key);
        return found.length > 0 && found;
      });
      expect(event).to.include({ reason });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(network.socketsOf(s.key)).to.have.length(sockets);
      const creds = await service.orm.em
        .getConnection()
        .execute('select creds_sealed from baileys_sessions where session_key = ?', [s.key]);
      expect(creds[0].creds_sealed === null).to.equal(reason !== 'connection_replaced');
      expect((await send(s, `after-${reason}`)).body.code).to.equal('session_not_connected');
    });
  }

  describe('traffic', () => {
    let s: { key: string; apiKey: string };
    let socket: ScriptedSocket;
    before(async () => {
      s = await newSession();
      socket = network.socketOf(s.key);
    });
    const received = () => eventsOf('message.received', s.key) as Extract<ChannelEvent, { type: 'message.received' }>[];

    it('inbound: notify only, once per message id, one-to-one chats, LIDs resolved as the library documents', async () => {
      network.lidToPn.set('555000111@lid', '34600333444@s.whatsapp.net');
      socket.receive({ id: 'IN-1', remoteJid: CUSTOMER_JID, text: 'first' });
      socket.receive({ id: 'IN-1', remoteJid: CUSTOMER_JID, text: 'first' });
      socket.receive({ id: 'IN-2', remoteJid: CUSTOMER_JID, text: 'mine', fromMe: true });
      socket.receive({ id: 'IN-3', remoteJid: '120363000000@g.us', text: 'group' });
      socket.receive({
        id: 'IN-4',
        remoteJid: '777000111@lid',
        remoteJidAlt: '34600222333@s.whatsapp.net',
        text: 'alt',
      });
      socket.receive({ id: 'IN-5', remoteJid: '555000111@lid', text: 'mapped' });
      socket.receive({ id: 'IN-6', remoteJid: '999999999@lid', text: 'unknown lid' });
      socket.emit('messages.upsert', {
        messages: [
          { key: { remoteJid: CUSTOMER_JID, id: 'IN-7', fromMe: false }, message: { conversation: 'history' } },
        ],
        type: 'append',
      });
      await waitFor('three messages', () => received().length >= 3);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(received().map((e) => [e.message.providerMessageId, e.message.from, e.message.text])).to.deep.equal([
        ['IN-1', CUSTOMER, 'first'],
        ['IN-4', '+34600222333', 'alt'],
        ['IN-5', '+34600333444', 'mapped'],
      ]);
    });

    it('receipts: 2 sent, 3 delivered, 4 read, 0 failed; never backwards', async () => {
      const a = await send(s, 'rc-a');
      const b = await send(s, 'rc-b');
      const idA = a.body.message.provider_message_id;
      const idB = b.body.message.provider_message_id;
      socket.receipt(idA, CUSTOMER_JID, proto.WebMessageInfo.Status.READ);
      socket.receipt(idA, CUSTOMER_JID, proto.WebMessageInfo.Status.DELIVERY_ACK);
      socket.receipt(idB, CUSTOMER_JID, proto.WebMessageInfo.Status.ERROR);
      socket.receipt(idB, CUSTOMER_JID, proto.WebMessageInfo.Status.READ);
      const statuses = (id: string) =>
        (eventsOf('message.status', s.key) as Extract<ChannelEvent, { type: 'message.status' }>[])
          .filter((e) => e.receipt.providerMessageId === id)
          .map((e) => e.receipt.status);
      await waitFor('receipts', () => statuses(idA).includes('read') && statuses(idB).includes('failed'));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(statuses(idA)).to.deep.equal(['sent', 'read']);
      expect(statuses(idB)).to.deep.equal(['sent', 'failed']);
      const list = await http('GET', url(`/sessions/${s.key}/messages?direction=outbound&limit=2`), {
        headers: { 'x-api-key': s.apiKey },
      });
      expect(list.body.messages.map((m: any) => m.status)).to.deep.equal(['failed', 'read']);
      expect(list.body.sandbox).to.equal(false);
    });

    it('answers the library’s retry requests from the message store', async () => {
      const res = await send(s, 'retry-me', 'please retry');
      const id = res.body.message.provider_message_id;
      const message = await socket.options.getMessage({ remoteJid: CUSTOMER_JID, fromMe: true, id });
      expect(message?.extendedTextMessage?.text).to.equal('please retry');
      expect(await socket.options.getMessage({ remoteJid: CUSTOMER_JID, fromMe: true, id: 'unknown' })).to.equal(
        undefined,
      );
    });

    it('a send the network did not confirm goes again under the same message id, and is one message', async () => {
      const original = socket.sendMessage.bind(socket);
      let failures = 1;
      socket.sendMessage = async (...args) => {
        if (failures-- > 0) throw new Error('Timed Out');
        return original(...args);
      };
      const first = await send(s, 'flaky');
      expect(first.status).to.equal(503);
      const second = await send(s, 'flaky');
      expect(second.status).to.equal(200);
      expect(second.body.duplicate).to.equal(true);
      const ids = socket.sent.filter((m) => 'text' in m.content && m.content.text === 'hello').slice(-1);
      expect(ids[0]!.messageId).to.equal(second.body.message.provider_message_id);
      expect(first.body.provider_message_id).to.equal(second.body.message.provider_message_id);
      const rows = await service.orm.em
        .getConnection()
        .execute('select count(*)::int as n from baileys_messages where session_key = ? and idempotency_key = ?', [
          s.key,
          'flaky',
        ]);
      expect(rows[0].n).to.equal(1);
      socket.sendMessage = original;
    });

    it('media by URL goes as the library’s media message; text with audio is refused', async () => {
      const res = await http('POST', url(`/sessions/${s.key}/messages`), {
        headers: { 'x-api-key': s.apiKey },
        json: {
          to: CUSTOMER,
          text: 'Your invoice',
          media: { url: 'https://example.test/i.png', mime_type: 'image/png', caption: 'March' },
          idempotency_key: 'media-1',
        },
      });
      expect(res.status).to.equal(201);
      expect(socket.sent.at(-1)!.content).to.deep.equal({
        image: { url: 'https://example.test/i.png' },
        caption: 'Your invoice\n\nMarch',
        mimetype: 'image/png',
      });
      const audio = await http('POST', url(`/sessions/${s.key}/messages`), {
        headers: { 'x-api-key': s.apiKey },
        json: {
          to: CUSTOMER,
          text: 'x',
          media: { url: 'https://example.test/a.ogg', mime_type: 'audio/ogg' },
          idempotency_key: 'audio-1',
        },
      });
      expect(audio.status).to.equal(400);
      expect(audio.body.code).to.equal('invalid_message');
    });
  });

  it('a session over its pace is answered 429 with a retry time, not held', async () => {
    await service.close();
    // The third send's wait is two intervals less the time between the sends' arrivals: the interval
    // is long beside that spread on a loaded machine, and the bound sits half an interval above one.
    await boot({ sendIntervalMs: 4_000, sendJitterMs: 0, maxSendWaitMs: 6_000 });
    const s = await newSession();
    const answers = await Promise.all([send(s, 'pace-1'), send(s, 'pace-2'), send(s, 'pace-3')]);
    expect(answers.map((a) => a.status).sort()).to.deep.equal([201, 201, 429]);
    const limited = answers.find((a) => a.status === 429)!;
    expect(limited.body).to.include({ code: 'rate_limited' });
    expect(limited.body.retry_after_seconds).to.be.at.least(1);
  });

  it('after a restart the connected sessions come back on their stored credentials, without a QR', async () => {
    const s = await newSession();
    const before = network.socketsOf(s.key).length;
    await service.close();
    await boot();
    await waitFor('resumed', () => network.socketsOf(s.key).length === before + 1);
    const resumed = network.socketsOf(s.key).at(-1)!;
    expect(resumed.options.auth.creds.registered).to.equal(true);
    expect(resumed.options.auth.creds.me?.id).to.equal(`${LINE_DIGITS}:7@s.whatsapp.net`);
    await waitFor('can send', async () => (await send(s, 'after-restart')).status === 201);
  });

  it('logout unlinks the device on the phone and forgets the credentials', async () => {
    const s = await newSession();
    const res = await http('POST', url(`/sessions/${s.key}/logout`), { headers: { 'x-api-key': s.apiKey } });
    expect(res.body.session).to.include({ status: 'logged_out', reason: 'logged_out', engine: 'baileys' });
    expect(network.socketsOf(s.key).at(-1)!.ended).to.equal(true);
    await waitFor('disconnected', () => eventsOf('session.disconnected', s.key).length === 1);
    const rows = await service.orm.em
      .getConnection()
      .execute('select count(*)::int as n from baileys_auth_keys where session_key = ?', [s.key]);
    expect(rows[0].n).to.equal(0);
  });

  it('a logout while the connection is opening stays a logout, whichever takes the session row first', async () => {
    const s = await newSession();
    network.autoConnect = false;
    await service.close();
    await boot();
    await waitFor('resumed socket', () => network.socketsOf(s.key).filter((socket) => !socket.ended).length === 1);
    const records = (service.engine as BaileysEngine).records;
    const transition = records.transition.bind(records);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    // The opening's write waits until the logout has written: the order that once put the line back to connected.
    records.transition = async (...args) => {
      if (first) {
        first = false;
        await held;
      }
      return transition(...args);
    };
    try {
      network.socketOf(s.key).open();
      const res = await http('POST', url(`/sessions/${s.key}/logout`), { headers: { 'x-api-key': s.apiKey } });
      expect(res.body.session).to.include({ status: 'logged_out', reason: 'logged_out' });
      release();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      records.transition = transition;
      network.autoConnect = true;
    }
    expect(await status(s)).to.include({ status: 'logged_out', reason: 'logged_out' });
    const refused = await send(s, 'after-racing-logout');
    expect(refused.body).to.include({ code: 'session_not_connected' });
  });
});
