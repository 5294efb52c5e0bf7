import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, caller, rows } from '../../../test/helpers/ops-kernel.js';
import { http } from '../../../test/helpers/http.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { EvolutionFake } from './fakes/evolution-fake.js';

const API_KEY = 'evolution-test-global-key-0123';
const CUSTOMER = '34600300500';

describe('whatsapp_ops with an Evolution API provider: instances with their own key, QR pairing, the keyed webhook', () => {
  let k: TestKernel;
  let fake: EvolutionFake;
  let call: ReturnType<typeof caller>;
  let provider: any;
  let line: any;

  const messages = async () =>
    (await call.ok('list_chatapp_messages', { phone: `+${CUSTOMER}`, session_id: line.id, limit: 100 })).messages;
  const post = (body: object) =>
    k.app.inject({ method: 'POST', url: new URL(provider.webhook_url).pathname, payload: body });
  const inbound = (id: string, text: string, apikey: string | null | undefined) => ({
    event: 'messages.upsert',
    instance: line.external_id,
    data: {
      key: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false, id },
      message: { conversation: text },
      messageType: 'conversation',
      messageTimestamp: Math.floor(Date.now() / 1000),
    },
    date_time: new Date().toISOString(),
    ...(apikey !== undefined && { apikey }),
  });

  before(async () => {
    fake = await new EvolutionFake({ apiKey: API_KEY }).start();
    k = await bootOps({ kernel: { jobs: { enabled: false } } });
    await k.listen();
    const { token } = await k.newShop('Evolution shop', { credits: 100_000 });
    call = caller(k, token);
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('refuses a key Evolution does not take; configures the provider with its key sealed', async () => {
    const refused = await call.fails(
      'configure_chatapp_provider',
      { evolution: { base_url: fake.url, api_key: 'not-the-global-key' } },
      'unauthorized',
    );
    expect(refused.message).to.match(/apikey/);
    ({ provider } = await call.ok('configure_chatapp_provider', {
      evolution: { base_url: fake.url, api_key: API_KEY },
    }));
    expect(provider).to.include({ kind: 'evolution' });
    expect(provider.credentials_set).to.deep.equal(['api_key']);
    expect(JSON.stringify(provider)).to.not.include(API_KEY);
  });

  it('connect_chatapp makes an instance with a key of its own and our webhook; scanning the QR connects the line', async () => {
    const connected = await call.ok('connect_chatapp', { provider_id: provider.id });
    line = connected.session;
    expect(line).to.include({ adapter: 'evolution', status: 'awaiting_pairing', sandbox: false });
    expect(connected.pairing.qr_data_url).to.match(/^data:image\/png;base64,/);
    const instance = fake.instance(line.external_id)!;
    expect(instance.webhook).to.deep.include({ url: provider.webhook_url });
    expect(instance.token).to.match(/^[0-9a-f]{48}$/);
    const [row] = await rows(k, 'select api_key_sealed from chatapp_sessions where id = ?', [line.id]);
    expect(row.api_key_sealed).to.be.a('string').and.not.include(instance.token);
    expect((await http('GET', connected.pairing.qr_image_url)).status).to.equal(200);

    fake.scan(line.external_id, '34600999666');
    const answer = await waitFor('connected', async () => {
      const a = await call.ok('get_chatapp_status', { session_id: line.id });
      return a.session.status === 'connected' && a;
    });
    expect(answer.session).to.include({ phone: '+34600999666' });
    expect(answer.session.live).to.include({ status: 'connected', engine: 'evolution', phone: '+34600999666' });
  });

  it('sends once per key; statuses duplicated move it forward once; a number not on WhatsApp fails clearly', async () => {
    fake.statusMode = 'duplicated';
    const { message } = await call.ok('send_chatapp_message', {
      phone: `+${CUSTOMER}`,
      message: 'Hola',
      session_id: line.id,
    });
    expect(message.status).to.equal('sent');
    await waitFor('read', async () => (await messages()).some((m: any) => m.id === message.id && m.status === 'read'));
    expect(fake.sent.filter((m) => m.to === `+${CUSTOMER}`)).to.have.length(1);
    fake.notOnWhatsapp.add('34600300501');
    const refused = await call.fails(
      'send_chatapp_message',
      { phone: '+34600300501', message: 'Hola', session_id: line.id },
      'invalid_recipient',
    );
    expect(refused.message).to.match(/not on WhatsApp/);
  });

  it("takes an inbound message carrying the instance's key, once", async () => {
    const key = fake.instance(line.external_id)!.token;
    for (let i = 0; i < 2; i++) expect((await post(inbound('3EB0AAA1', 'Pregunta', key))).statusCode).to.equal(200);
    const got = (await messages()).filter((m: any) => m.direction === 'inbound');
    expect(got).to.have.length(1);
    expect(got[0].text).to.equal('Pregunta');
  });

  it('refuses a body without the key, with another key, or for an instance that is no line of it (401), storing nothing', async () => {
    const missing = await post(inbound('3EB0BAD1', 'forged', undefined));
    expect(missing.statusCode).to.equal(401);
    expect(missing.json()).to.include({ code: 'unauthorized', reason: 'missing_key' });
    expect((await post(inbound('3EB0BAD2', 'forged', null))).statusCode).to.equal(401);
    expect((await post(inbound('3EB0BAD3', 'forged', API_KEY))).statusCode).to.equal(401);
    const other = { ...inbound('3EB0BAD4', 'forged', fake.instance(line.external_id)!.token), instance: 'sb-not-ours' };
    expect((await post(other)).statusCode).to.equal(401);
    expect((await messages()).some((m: any) => m.text === 'forged')).to.equal(false);
  });

  it('the phone unlinking the device (close, 401) disconnects the line', async () => {
    await fake.unlinkFromPhone(line.external_id);
    await waitFor(
      'disconnected',
      async () => (await call.ok('get_chatapp_status', { session_id: line.id })).session.status === 'disconnected',
    );
    const status = await call.ok('get_chatapp_status', { session_id: line.id });
    expect(status.session.live).to.include({ status: 'logged_out' });
  });
});
