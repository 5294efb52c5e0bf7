import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { balanceOf, caller, connectedLine, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import type { GraphApiFake } from './fakes/graph-api-fake.js';
import { signBody } from './fakes/graph-webhook-emitter.js';
import { APP_SECRET, cloudKernel, LINE_PHONE, NUMBER, TOKEN, VERIFY_TOKEN, WABA } from './helpers/cloud-kernel.js';

const CUSTOMER = '+34600300400';

describe('whatsapp_ops with a Cloud API provider: per-shop provider, a registered line, the 24-hour rule and the signed webhook', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let shopId: number;
  let token: string;
  let call: ReturnType<typeof caller>;
  let provider: any;
  let line: any;
  let webhookUrl: string;

  const messages = async (phone = CUSTOMER) =>
    (await call.ok('list_chatapp_messages', { phone, session_id: line.id, limit: 100 })).messages;
  const byId = async (id: number) => (await messages()).find((m: any) => m.id === id);
  const sentTo = (phone: string) => fake.sent.filter((m) => m.to === phone.slice(1));

  before(async () => {
    ({ k, fake, shopId, token, provider, line, webhookUrl } = await cloudKernel({ ops: { groups: ['activity'] } }));
    call = caller(k, token);
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  describe('the provider', () => {
    it('is stored with its settings; secrets are sealed, write-only, and never in an answer or the audit trail', async () => {
      expect(provider).to.include({ kind: 'cloud_api', label: 'Meta', lines: 0 });
      expect(provider.settings).to.deep.equal({ waba_id: WABA });
      expect(provider.credentials_set).to.have.members(['access_token', 'app_secret', 'verify_token']);
      expect(provider.webhook_url).to.match(/^http:\/\/127\.0\.0\.1:\d+\/webhooks\/chatapp\/cloud_api\/prv_[\w-]{24}$/);
      const listed = await call.ok('list_chatapp_providers', {});
      expect(listed.count).to.equal(1);
      expect(listed.providers[0]).to.include({ id: provider.id, lines: 1 });
      const everything = JSON.stringify([provider, listed]);
      for (const secret of [TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(everything).to.not.include(secret);
      const audit = await call.ok('list_activity', { tool: 'configure_chatapp_provider', limit: 10 });
      expect(audit.entries).to.have.length.greaterThan(0);
      expect(audit.entries[0].arguments.cloud_api).to.deep.include({ access_token: '[redacted]', waba_id: WABA });
      for (const secret of [TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(JSON.stringify(audit)).to.not.include(secret);
      const [row] = await rows(k, 'select credentials_sealed, settings from chatapp_providers where id = ?', [
        provider.id,
      ]);
      for (const secret of [TOKEN, APP_SECRET, VERIFY_TOKEN]) expect(JSON.stringify(row)).to.not.include(secret);
    });

    it('a refused token or a missing field is a clear error, and nothing is stored', async () => {
      const refused = await call.fails(
        'configure_chatapp_provider',
        {
          cloud_api: {
            waba_id: WABA,
            access_token: 'EAAJB-not-a-real-token-xxxxxxxx',
            app_secret: APP_SECRET,
            verify_token: VERIFY_TOKEN,
          },
        },
        'unauthorized',
      );
      expect(refused.message).to.match(/access token expired or was revoked/);
      expect(refused.graph_code).to.equal(190);
      const incomplete = await call.fails(
        'configure_chatapp_provider',
        { cloud_api: { waba_id: WABA } },
        'invalid_arguments',
      );
      expect(incomplete.errors.map((e: any) => e.path)).to.include.members([
        'cloud_api.access_token',
        'cloud_api.app_secret',
      ]);
      await call.fails('configure_chatapp_provider', { label: 'nothing' }, 'invalid_arguments');
      expect((await call.ok('list_chatapp_providers', {})).count).to.equal(1);
    });

    it('another shop sees none of it', async () => {
      const other = caller(k, (await k.newShop('Other shop')).token);
      expect((await other.ok('list_chatapp_providers', {})).count).to.equal(0);
      await other.fails('configure_chatapp_provider', { provider_id: provider.id, label: 'mine' }, 'not_found');
      await other.fails('connect_chatapp', { provider_id: provider.id, phone_number_id: NUMBER.id }, 'not_found');
      await other.fails('remove_chatapp_provider', { provider_id: provider.id }, 'not_found');
    });

    it("answers Meta's webhook verification with the verify token only", async () => {
      const path = new URL(webhookUrl).pathname;
      const verify = (params: string) => k.app.inject({ method: 'GET', url: `${path}?${params}` });
      const good = await verify(`hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`);
      expect(good.statusCode).to.equal(200);
      expect(good.body).to.equal('1158201444');
      expect((await verify('hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1')).statusCode).to.equal(403);
      expect(
        (await verify(`hub.mode=unsubscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`)).statusCode,
      ).to.equal(403);
      const unknown = await k.app.inject({
        method: 'GET',
        url: `/webhooks/chatapp/cloud_api/prv_nobody?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1`,
      });
      expect(unknown.statusCode).to.equal(404);
    });
  });

  describe('the line', () => {
    it('connect_chatapp registers the number: connected at once, no QR, labelled as the real network', async () => {
      expect(line).to.include({
        status: 'connected',
        adapter: 'cloud_api',
        provider_id: provider.id,
        external_id: NUMBER.id,
        sandbox: false,
        phone: LINE_PHONE,
        status_reason: null,
      });
      const again = await call.ok('connect_chatapp', {
        provider_id: provider.id,
        phone_number_id: NUMBER.id,
        force_new: true,
      });
      expect(again).to.include({ reused: true, sandbox: false });
      expect(again.session.id).to.equal(line.id);
      expect(again.pairing).to.deep.equal({
        status: 'connected',
        pairing_url: null,
        qr_image_url: null,
        qr_data_url: null,
      });
      const { session } = await call.ok('get_chatapp_status', { session_id: line.id });
      expect(session.live).to.include({ status: 'connected', phone: LINE_PHONE, engine: 'cloud_api', sandbox: false });
    });

    it('refuses a line without its number id, or with a number the account does not have', async () => {
      await call.fails('connect_chatapp', { provider_id: provider.id }, 'invalid_arguments');
      const unknown = await call.fails(
        'connect_chatapp',
        { provider_id: provider.id, phone_number_id: '999000111222' },
        'session_not_found',
      );
      expect(unknown.graph_code).to.equal(100);
      await call.fails('connect_chatapp', { phone_number_id: NUMBER.id }, 'invalid_arguments');
    });
  });

  describe('sending and the 24-hour rule', () => {
    it('free text to a customer who has not written in 24 h is refused before it leaves, naming the template route; nothing charged', async () => {
      const before = await balanceOf(k, shopId);
      const refused = await call.fails(
        'send_chatapp_message',
        { phone: CUSTOMER, message: 'Hola', session_id: line.id },
        'outside_customer_service_window',
      );
      expect(refused).to.include({
        phone: CUSTOMER,
        session_id: line.id,
        last_inbound_at: null,
        window_hours: 24,
        template_tool: 'send_chatapp_template',
      });
      expect(refused.message).to.include('send_chatapp_template');
      expect(sentTo(CUSTOMER)).to.have.length(0);
      expect(await balanceOf(k, shopId)).to.equal(before);
      expect(await messages()).to.have.length(0);
    });

    let inboundId: string;
    it("a customer's message arrives once, however often Meta delivers it, and opens the window", async () => {
      const written = fake.customerWrites(NUMBER.id, CUSTOMER, { text: 'Hola, ¿tenéis talla M?' });
      inboundId = written.id;
      await written.delivered;
      // Meta delivers again (its retry, a duplicate): the same notification, re-signed.
      const again = fake.emitter(WABA).attempts.at(-1)!.body;
      expect((await fake.emitter(WABA).post(again, 'valid')).status).to.equal(200);
      const inbound = (await messages()).filter((m: any) => m.direction === 'inbound');
      expect(inbound).to.have.length(1);
      expect(inbound[0]).to.include({
        text: 'Hola, ¿tenéis talla M?',
        status: 'received',
        provider_message_id: inboundId,
        phone: CUSTOMER,
      });
      const eligibility = await call.ok('check_chatapp_contact_eligibility', {
        action: 'check',
        phone: CUSTOMER,
        billing_source: 'campaign',
      });
      expect(eligibility.eligibility.within_window).to.equal(true);
    });

    let sent: any;
    it('then free text goes out: the Graph request carries the key; statuses move it to read', async () => {
      const before = await balanceOf(k, shopId);
      ({ message: sent } = await call.ok('send_chatapp_message', {
        phone: CUSTOMER,
        message: 'Sí, la tenemos',
        session_id: line.id,
      }));
      expect(sent).to.include({ status: 'sent', session_id: line.id, credits_charged: 500 });
      expect(sent.provider_message_id).to.match(/^wamid\./);
      expect(await balanceOf(k, shopId)).to.equal(before - 500);
      const [request] = sentTo(CUSTOMER);
      expect(request!.body).to.deep.include({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: CUSTOMER.slice(1),
        type: 'text',
        text: { body: 'Sí, la tenemos', preview_url: false },
        biz_opaque_callback_data: sent.idempotency_key,
      });
      await waitFor('read', async () => (await byId(sent.id)).status === 'read');
    });

    it('statuses only move forward: read without delivered, duplicates, a late delivered after failed', async () => {
      const send = async (text: string) =>
        (await call.ok('send_chatapp_message', { phone: CUSTOMER, message: text, session_id: line.id })).message;
      fake.statusMode = 'read-without-delivered';
      const skipped = await send('uno');
      await waitFor('read without delivered', async () => (await byId(skipped.id)).status === 'read');
      fake.statusMode = 'duplicated';
      const doubled = await send('dos');
      await waitFor('read after duplicates', async () => (await byId(doubled.id)).status === 'read');
      fake.statusMode = 'reordered';
      const reordered = await send('tres');
      await waitFor('read first', async () => (await byId(reordered.id)).status === 'read');
      await fake.emitter(WABA).idle();
      expect((await byId(reordered.id)).status).to.equal('read');
      fake.statusMode = 'delivered-after-failed';
      const failed = await send('cuatro');
      await waitFor('failed', async () => (await byId(failed.id)).status === 'failed');
      await fake.emitter(WABA).idle();
      const after = await byId(failed.id);
      expect(after.status).to.equal('failed');
      expect(after.error).to.match(/^131026: undeliverable: .*Message undeliverable/);
      fake.statusMode = 'ordered';
    });

    it('unsigned or badly signed notifications are refused and nothing of them is stored', async () => {
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: WABA,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '34711000100', phone_number_id: NUMBER.id },
                  messages: [
                    {
                      from: '34600999000',
                      id: 'wamid.forged',
                      timestamp: '1767000000',
                      type: 'text',
                      text: { body: 'forged' },
                    },
                  ],
                },
              },
            ],
          },
        ],
      });
      const emitter = fake.emitter(WABA);
      expect((await emitter.post(body, 'none')).status).to.equal(401);
      const bad = await emitter.post(body, 'invalid');
      expect(bad.status).to.equal(401);
      expect(JSON.parse(bad.text)).to.include({ code: 'unauthorized', reason: 'invalid_signature' });
      // The signature covers the exact bytes: the same JSON re-serialised is refused too.
      const tampered = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(APP_SECRET, body) },
        body: `${body} `,
      });
      expect(tampered.status).to.equal(401);
      expect(await rows(k, `select id from chatapp_messages where provider_message_id = 'wamid.forged'`)).to.deep.equal(
        [],
      );
    });

    it('a batched notification (statuses out of order, a repeat, a failure) applies each status once, forward only; its redelivery changes nothing', async () => {
      fake.statusMode = 'none';
      const send = async (text: string) =>
        (await call.ok('send_chatapp_message', { phone: CUSTOMER, message: text, session_id: line.id })).message;
      const [early, repeated, failing] = [await send('cinco'), await send('seis'), await send('siete')];
      fake.statusMode = 'ordered';
      const status = (message: any, name: string, extra: object = {}) => ({
        id: message.provider_message_id,
        status: name,
        timestamp: String(Math.floor(Date.now() / 1000)),
        recipient_id: CUSTOMER.slice(1),
        ...extra,
      });
      const undeliverable = {
        errors: [{ code: 131026, title: 'Message undeliverable.', message: 'Message undeliverable.' }],
      };
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: WABA,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '34711000100', phone_number_id: NUMBER.id },
                  statuses: [
                    status(early, 'read'),
                    status(repeated, 'delivered'),
                    status(failing, 'failed', undeliverable),
                    status(early, 'delivered'),
                    status(repeated, 'delivered'),
                    status(failing, 'delivered'),
                  ],
                },
              },
            ],
          },
        ],
      });
      const processed = async () =>
        (await rows(k, 'select count(*)::int as n from chatapp_processed_events where shop_id = ?', [shopId]))[0].n;
      const statesOf = async () =>
        rows(k, 'select id, status, error, updated_at from chatapp_messages where id in (?, ?, ?) order by id', [
          early.id,
          repeated.id,
          failing.id,
        ]);
      const before = await processed();
      expect((await fake.emitter(WABA).post(body, 'valid')).status).to.equal(200);
      const states = await statesOf();
      expect(states.map((m: any) => m.status)).to.deep.equal(['read', 'delivered', 'failed']);
      expect(states[2].error).to.match(/^131026: /);
      // Five distinct statuses (the repeat is one of them), each recorded once.
      expect((await processed()) - before).to.equal(5);
      expect((await fake.emitter(WABA).post(body, 'valid')).status).to.equal(200);
      expect(await statesOf()).to.deep.equal(states);
      expect((await processed()) - before).to.equal(5);
    });

    it('a provider configured again is seen by its webhook at once: a new app secret, and the old one refused', async () => {
      const newSecret = 'rotated-app-secret-0123456789abcdef';
      const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
      const post = (secret: string) =>
        fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(secret, body) },
          body,
        }).then((res) => res.status);
      expect(await post(APP_SECRET)).to.equal(200);
      await call.ok('configure_chatapp_provider', { provider_id: provider.id, cloud_api: { app_secret: newSecret } });
      expect(await post(APP_SECRET)).to.equal(401);
      expect(await post(newSecret)).to.equal(200);
      await call.ok('configure_chatapp_provider', { provider_id: provider.id, cloud_api: { app_secret: APP_SECRET } });
      expect(await post(newSecret)).to.equal(401);
      expect(await post(APP_SECRET)).to.equal(200);
    });

    it('a batch across a sandbox line and the Cloud API line goes to each network, answers in order', async () => {
      const sandboxLine = await connectedLine(
        k,
        token,
        { label: 'Sandbox', routing_roles: ['marketing'] },
        '+34711000999',
      );
      const answers = await inShop(k, shopId, ({ services }) =>
        services.chatappMessagingService.sendMany([
          { phone: CUSTOMER, text: 'a la nube', sessionId: line.id, automatic: false },
          { phone: CUSTOMER, text: 'al sandbox', sessionId: sandboxLine.id, automatic: false },
          { phone: '+34600300499', text: 'fuera de ventana', sessionId: line.id, automatic: false },
          { phone: CUSTOMER, text: 'otra a la nube', sessionId: line.id, automatic: false },
        ]),
      );
      expect(answers.map((a: any) => a.message?.session_id ?? a.error.code)).to.deep.equal([
        line.id,
        sandboxLine.id,
        'outside_customer_service_window',
        line.id,
      ]);
      expect(answers.map((a: any) => a.message?.text ?? null)).to.deep.equal([
        'a la nube',
        'al sandbox',
        null,
        'otra a la nube',
      ]);
      expect(sentTo(CUSTOMER).map((m) => (m.body as any).text.body)).to.include.members([
        'a la nube',
        'otra a la nube',
      ]);
      expect(sentTo(CUSTOMER).map((m) => (m.body as any).text.body)).to.not.include('al sandbox');
      const status = await call.ok('get_chatapp_status', {});
      expect(status.sandbox).to.equal(true);
      expect(status.sessions.map((s: any) => [s.id, s.sandbox])).to.deep.include.members([
        [line.id, false],
        [sandboxLine.id, true],
      ]);
      expect((await call.ok('get_chatapp_status', { session_id: line.id })).sandbox).to.equal(false);
    });
  });

  describe('removing the provider', () => {
    it('is refused while a line is in use, then removes it and its credentials', async () => {
      // The statuses of the messages sent so far are taken first: after the removal Meta's retries
      // of them would meet a webhook that is gone.
      await fake.emitter(WABA).idle();
      const refused = await call.fails('remove_chatapp_provider', { provider_id: provider.id }, 'invalid_state');
      expect(refused.session_ids).to.deep.equal([line.id]);
      await call.ok('disconnect_chatapp', { session_id: line.id });
      expect(await call.ok('remove_chatapp_provider', { provider_id: provider.id })).to.include({ removed: true });
      expect((await call.ok('list_chatapp_providers', {})).count).to.equal(0);
      const { session } = await call.ok('get_chatapp_status', { session_id: line.id });
      expect(session.live).to.include({ error: 'session_not_found' });
      expect(await rows(k, 'select id from chatapp_providers where id = ?', [provider.id])).to.deep.equal([]);
      // Its webhook, known to the process until now, is gone with it.
      const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [] });
      const answer = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signBody(APP_SECRET, body) },
        body,
      });
      expect(answer.status).to.equal(404);
    });
  });
});
