import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { freePort } from '../../../test/helpers/server-process.js';
import { TestDatabase } from '../../../test/helpers/test-database.js';
import { bootOps, fails, ok } from '../../../test/helpers/ops-kernel.js';
import {
  FAST_BAILEYS,
  startSessionService,
  TEST_SHARED_SECRET,
  uniqueEngineName,
} from '../../../test/helpers/session-service-instance.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { ScriptedWhatsApp } from './helpers/scripted-whatsapp.js';
import { DisconnectReason, proto } from '../session-service/baileys/library.js';

const CUSTOMER = '+34600999222';
const CUSTOMER_JID = '34600999222@s.whatsapp.net';

/** The main server unchanged, the session service behind it running the Baileys engine on a scripted WhatsApp. */
describe('whatsapp_ops in session-service mode with the Baileys engine', () => {
  const network = new ScriptedWhatsApp();
  let serviceDb: TestDatabase;
  let service: Awaited<ReturnType<typeof startSessionService>>;
  let k: TestKernel;
  let token: string;
  let line: any;

  before(async () => {
    serviceDb = await TestDatabase.create();
    const servicePort = await freePort();
    k = await bootOps({
      kernel: { jobs: { enabled: false } },
      config: {
        adapter: 'session-service',
        sessionService: { url: `http://127.0.0.1:${servicePort}`, sharedSecret: TEST_SHARED_SECRET, timeoutMs: 5000 },
      },
    });
    const webhookUrl = `${await k.listen()}/webhooks/session-service`;
    service = await startSessionService(
      {
        port: servicePort,
        engine: 'baileys',
        baileys: FAST_BAILEYS,
        webhook: { url: webhookUrl },
        engineName: uniqueEngineName('svb'),
        database: { url: serviceDb.url, poolMax: 4 },
      },
      { socketFactory: network.factory },
    );
    ({ token } = await k.newShop('Baileys line shop', { credits: 20_000 }));
  });
  after(async () => {
    await service?.close();
    await k?.close();
    await serviceDb?.drop();
  });

  it("a shop with no line yet reads the service's engine: its empty list is not labelled sandbox", async () => {
    const answer = await ok(k, token, 'list_chatapp_sessions', {});
    expect(answer).to.include({ count: 0, sandbox: false });
    expect(answer).not.to.have.property('notice');
  });

  it('connect_chatapp answers a real QR and no sandbox label', async () => {
    const connected = await ok(k, token, 'connect_chatapp', { label: 'WhatsApp Web' });
    expect(connected.session).to.include({ adapter: 'session-service', sandbox: false, status: 'awaiting_pairing' });
    expect(connected.pairing.pairing_url).to.equal(null);
    expect(connected.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
    expect(connected.pairing.qr_image_url).to.match(/\/qr\?access=/);
    expect(connected.sandbox).to.equal(false);
    expect(connected).not.to.have.property('notice');
    line = connected.session;
  });

  it('a scanned QR connects the line with its number', async () => {
    network.socketOf(line.session_key).scanned('34611222333');
    line = await waitFor('connected', async () => {
      const { session } = await ok(k, token, 'get_chatapp_status', { session_id: line.id });
      return session.status === 'connected' && session;
    });
    expect(line.phone).to.equal('+34611222333');
    expect(line.live).to.include({ status: 'connected', engine: 'baileys', sandbox: false });
  });

  it('sends on the network; its receipts come back', async () => {
    const { message, sandbox } = await ok(k, token, 'send_chatapp_message', { phone: CUSTOMER, message: 'Hola' });
    expect(message).to.include({ status: 'sent', session_id: line.id });
    expect(sandbox).to.equal(false);
    const sent = network.socketOf(line.session_key).sent.at(-1)!;
    expect(sent).to.deep.include({ jid: CUSTOMER_JID, content: { text: 'Hola' } });
    expect(message.provider_message_id).to.equal(sent.messageId);
    network.socketOf(line.session_key).receipt(sent.messageId, CUSTOMER_JID, proto.WebMessageInfo.Status.READ);
    await waitFor(
      'read',
      async () =>
        (await ok(k, token, 'list_chatapp_messages', { phone: CUSTOMER, direction: 'outbound' })).messages[0].status ===
        'read',
    );
  });

  it("a customer's message reaches the shop", async () => {
    network.socketOf(line.session_key).receive({ id: 'MODE-IN-1', remoteJid: CUSTOMER_JID, text: 'Gracias' });
    const inbound = await waitFor(
      'inbound',
      async () => (await ok(k, token, 'list_chatapp_messages', { direction: 'inbound' })).messages[0],
    );
    expect(inbound).to.include({ text: 'Gracias', phone: CUSTOMER, session_id: line.id });
  });

  it('logged out from the phone: the line is disconnected and sends are refused', async () => {
    network.socketOf(line.session_key).close(DisconnectReason.loggedOut, 'Connection Failure');
    await waitFor(
      'disconnected',
      async () => (await ok(k, token, 'get_chatapp_status', { session_id: line.id })).session.status === 'disconnected',
    );
    const { session } = await ok(k, token, 'get_chatapp_status', { session_id: line.id });
    expect(session.live).to.include({ status: 'logged_out', engine: 'baileys' });
    await fails(
      k,
      token,
      'send_chatapp_message',
      { phone: CUSTOMER, message: 'after logout', session_id: line.id },
      'session_not_connected',
    );
  });
});
