import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, caller, rows } from '../../../test/helpers/ops-kernel.js';
import { http } from '../../../test/helpers/http.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { serializedId } from '../channel/waha/waha-client.js';
import { WahaFake } from './fakes/waha-fake.js';

const API_KEY = 'waha-test-key-0123456789';
const SECRET = 'waha-test-webhook-secret-0123456789';
const CUSTOMER = '34600300400';
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

const sign = (raw: string, secret = SECRET) => createHmac('sha512', secret).update(raw).digest('hex');

describe('whatsapp_ops with a WAHA provider: per-shop server, QR-paired lines, the signed webhook', () => {
  let k: TestKernel;
  let fake: WahaFake;
  let call: ReturnType<typeof caller>;
  let provider: any;
  let line: any;

  const messages = async (phone = `+${CUSTOMER}`) =>
    (await call.ok('list_chatapp_messages', { phone, session_id: line.id, limit: 100 })).messages;
  const post = (raw: string, headers: Record<string, string>) =>
    k.app.inject({
      method: 'POST',
      url: new URL(provider.webhook_url).pathname,
      headers: { 'content-type': 'application/json', ...headers },
      payload: raw,
    });
  const inboundBody = (id: string, text: string) =>
    JSON.stringify({
      id: `evt_${id}`,
      timestamp: Date.now(),
      event: 'message',
      session: line.external_id,
      me: { id: '34600999888@c.us' },
      payload: { id, timestamp: Math.floor(Date.now() / 1000), from: `${CUSTOMER}@c.us`, fromMe: false, body: text },
    });

  before(async () => {
    fake = await new WahaFake({ apiKey: API_KEY }).start();
    k = await bootOps({ kernel: { jobs: { enabled: false } } });
    await k.listen();
    const { token } = await k.newShop('WAHA shop', { credits: 100_000 });
    call = caller(k, token);
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('refuses a key WAHA does not take, and stores nothing', async () => {
    const refused = await call.fails(
      'configure_chatapp_provider',
      { waha: { base_url: fake.url, api_key: 'not-the-key-at-all', webhook_secret: SECRET } },
      'unauthorized',
    );
    expect(refused.message).to.match(/X-Api-Key/);
    expect((await call.ok('list_chatapp_providers', {})).count).to.equal(0);
  });

  it('configures the provider: its secrets sealed and never shown again', async () => {
    ({ provider } = await call.ok('configure_chatapp_provider', {
      label: 'WAHA',
      waha: { base_url: fake.url, api_key: API_KEY, webhook_secret: SECRET },
    }));
    expect(provider).to.include({ kind: 'waha', label: 'WAHA' });
    expect(provider.settings).to.deep.equal({ base_url: `${fake.url}/` });
    expect(provider.credentials_set).to.have.members(['api_key', 'webhook_secret']);
    expect(provider.webhook_url).to.match(/\/webhooks\/chatapp\/waha\/prv_[\w-]+$/);
    const [row] = await rows(k, 'select credentials_sealed from chatapp_providers where id = ?', [provider.id]);
    for (const secret of [API_KEY, SECRET]) expect(JSON.stringify([provider, row])).to.not.include(secret);
  });

  it('connect_chatapp makes a WAHA session with this webhook and answers its QR; scanning it connects the line', async () => {
    const connected = await call.ok('connect_chatapp', { provider_id: provider.id, label: 'WAHA line' });
    line = connected.session;
    expect(line).to.include({ adapter: 'waha', status: 'awaiting_pairing', sandbox: false });
    expect(connected.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
    const session = fake.session(line.external_id)!;
    expect(session.webhooks[0]).to.deep.include({ url: provider.webhook_url, hmac: { key: SECRET } });
    const image = await http('GET', connected.pairing.qr_image_url);
    expect(image.status).to.equal(200);
    expect(image.bytes.subarray(0, 4).equals(PNG_MAGIC)).to.equal(true);
    const forged = await http('GET', connected.pairing.qr_image_url.replace(/access=[^&]+/, 'access=guess'));
    expect(forged.status).to.equal(404);

    fake.scan(line.external_id, '34600999888');
    const { session: status } = await waitFor('connected', async () => {
      const answer = await call.ok('get_chatapp_status', { session_id: line.id });
      return answer.session.status === 'connected' && answer;
    });
    expect(status).to.include({ phone: '+34600999888' });
    expect(status.live).to.include({ status: 'connected', engine: 'waha', sandbox: false });
  });

  it('sends through WAHA once per key; acks duplicated and reordered move the message forward only', async () => {
    fake.ackMode = 'reordered';
    const { message } = await call.ok('send_chatapp_message', {
      phone: `+${CUSTOMER}`,
      message: 'Hola',
      session_id: line.id,
    });
    expect(message).to.include({ status: 'sent' });
    expect(fake.sent.filter((m) => m.to === `+${CUSTOMER}`)).to.have.length(1);
    expect(message.provider_message_id).to.match(/^true_34600300400@c\.us_/);
    const read = await waitFor('read', async () =>
      (await messages()).find((m: any) => m.id === message.id && m.status === 'read'),
    );
    expect(read.status).to.equal('read');
    fake.ackMode = 'ordered';
  });

  it('takes an inbound message once, however often WAHA delivers it', async () => {
    const raw = inboundBody('false_34600300400@c.us_AAA111', 'Una pregunta');
    for (let i = 0; i < 3; i++)
      expect(
        (await post(raw, { 'x-webhook-hmac': sign(raw), 'x-webhook-hmac-algorithm': 'sha512' })).statusCode,
      ).to.equal(200);
    const inbound = (await messages()).filter((m: any) => m.direction === 'inbound');
    expect(inbound).to.have.length(1);
    expect(inbound[0]).to.include({ text: 'Una pregunta' });
  });

  it('refuses unsigned and badly signed bodies (401), and stores nothing of them', async () => {
    const raw = inboundBody('false_34600300400@c.us_FORGED', 'forged');
    const unsigned = await post(raw, {});
    expect(unsigned.statusCode).to.equal(401);
    expect(unsigned.json()).to.include({ code: 'unauthorized', reason: 'missing_signature' });
    const wrongKey = await post(raw, {
      'x-webhook-hmac': sign(raw, 'another-secret-of-someone-else'),
      'x-webhook-hmac-algorithm': 'sha512',
    });
    expect(wrongKey.statusCode).to.equal(401);
    const tampered = await post(raw.replace('forged', 'forgeD'), { 'x-webhook-hmac': sign(raw) });
    expect(tampered.statusCode).to.equal(401);
    const sha256 = await post(raw, { 'x-webhook-hmac': sign(raw), 'x-webhook-hmac-algorithm': 'sha256' });
    expect(sha256.statusCode).to.equal(401);
    expect((await messages()).some((m: any) => m.text === 'forged' || m.text === 'forgeD')).to.equal(false);
  });

  it('a signed event for a session that is no line of this provider changes nothing', async () => {
    const raw = JSON.stringify({
      event: 'session.status',
      session: 'someone-elses-session',
      payload: { name: 'someone-elses-session', status: 'FAILED' },
    });
    expect((await post(raw, { 'x-webhook-hmac': sign(raw) })).statusCode).to.equal(200);
    expect((await call.ok('get_chatapp_status', { session_id: line.id })).session.status).to.equal('connected');
  });

  it('the phone unlinking the device (FAILED) disconnects the line; connect_chatapp pairs it again', async () => {
    fake.unlinkFromPhone(line.external_id);
    await waitFor(
      'disconnected',
      async () => (await call.ok('get_chatapp_status', { session_id: line.id })).session.status === 'disconnected',
    );
    const again = await call.ok('connect_chatapp', { provider_id: provider.id });
    expect(again).to.include({ reused: true });
    expect(again.session.id).to.equal(line.id);
    expect(again.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
  });

  it('reads the message id of every engine: WEBJS, NOWEB and GOWS answers', () => {
    expect(serializedId({ id: { _serialized: 'true_34600@c.us_AB' } })).to.equal('true_34600@c.us_AB');
    expect(serializedId({ key: { id: 'AB', remoteJid: '34600@s.whatsapp.net', fromMe: true } })).to.equal(
      'true_34600@c.us_AB',
    );
    expect(serializedId({ id: 'true_34600@c.us_AB' })).to.equal('true_34600@c.us_AB');
    expect(serializedId({})).to.equal(null);
  });
});

describe('WAHA Core: one session, named "default"', () => {
  let k: TestKernel;
  let fake: WahaFake;

  before(async () => {
    fake = await new WahaFake({ apiKey: API_KEY, core: true }).start();
    k = await bootOps({ kernel: { jobs: { enabled: false } } });
    await k.listen();
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('the line takes the "default" session and sends through it', async () => {
    const { token } = await k.newShop('WAHA Core shop', { credits: 100_000 });
    const call = caller(k, token);
    const { provider } = await call.ok('configure_chatapp_provider', {
      waha: { base_url: fake.url, api_key: API_KEY, webhook_secret: SECRET },
    });
    const { session } = await call.ok('connect_chatapp', { provider_id: provider.id });
    expect(session.external_id).to.equal('default');
    fake.scan('default', '34600999777');
    await waitFor(
      'connected',
      async () => (await call.ok('get_chatapp_status', { session_id: session.id })).session.status === 'connected',
    );
    const text = await call.ok('send_chatapp_message', {
      phone: `+${CUSTOMER}`,
      message: 'Core text',
      session_id: session.id,
    });
    expect(text.message.status).to.equal('sent');
  });
});
