import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';
import { bootKernel } from '../../../test/helpers/boot.js';
import { bootOps, caller, connectedLine, freshPhone, rows } from '../../../test/helpers/ops-kernel.js';
import { TwilioFake } from '../../../test/helpers/voice/twilio-fake.js';
import { twilioSignature } from '../services/twilio/twilio-signature.js';

const GROUPS = ['prompt', 'knowledge', 'customers', 'agents', 'tickets', 'voice'];

const handoffMessages = (k: TestKernel, phone: string) =>
  rows(
    k,
    `select id, text, billing_source, idempotency_key, automatic from chatapp_messages
     where phone = ? and direction = 'outbound' and billing_source = 'voice_handoff' order by id`,
    [phone],
  );

describe('voice: the assistant on the phone', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let fake: TwilioFake;
  let shop: { shopId: number; token: string };
  let c: ReturnType<typeof caller>;

  before(async () => {
    fake = await new TwilioFake().start();
    k = await bootOps({
      groups: GROUPS,
      groupConfigs: { voice: { twilio: { apiBaseUrl: fake.baseUrl }, turnTimeoutMs: 1_500 } },
      kernel: { jobs: { enabled: false }, auth: { requestsPerWindow: 1_000_000 } },
    });
    await k.listen();
    shop = await k.newShop('Tienda Luna', { credits: 100_000 });
    c = caller(k, shop.token);
    await connectedLine(k, shop.token);
    await c.ok('create_knowledge_snippet', {
      title: 'Opening hours',
      question: 'When are you open?',
      content: 'We are open Monday to Friday from 9 to 18.',
    });
  });
  after(async () => {
    await k?.close();
    await fake?.stop();
  });

  describe('on the sandbox (the default)', () => {
    it('starts on the sandbox, labelled, with no number', async () => {
      const { voice } = await c.ok('get_voice_config');
      expect(voice).to.deep.include({
        provider: 'sandbox',
        sandbox: true,
        enabled: true,
        account_sid: null,
        auth_token_set: false,
        language_mode: 'auto',
        max_call_minutes: 10,
        handoff_consent: 'ask',
        numbers: [],
      });
      expect(voice.notice).to.include('Sandbox');
      expect(await c.ok('test_voice_provider')).to.deep.include({ provider: 'sandbox', ok: true, sandbox: true });
    });

    it('simulate_voice_call: the assistant answers from the knowledge and the caller says goodbye', async () => {
      const phone = freshPhone();
      const { call, transcript, sandbox } = await c.ok('simulate_voice_call', {
        caller_phone: phone,
        utterances: ['When are you open?', 'That’s all, bye'],
        language: 'en',
      });
      expect(sandbox).to.equal(true);
      expect(call).to.deep.include({
        status: 'completed',
        outcome: 'resolved',
        sandbox: true,
        from: phone,
        language: 'en',
      });
      expect(call.handoff.status).to.equal('none');
      expect(transcript.map((t: any) => [t.speaker, t.text])).to.deep.equal([
        ['assistant', 'Hello, you are speaking with the assistant of Tienda Luna. How can I help you?'],
        ['caller', 'When are you open?'],
        ['assistant', 'We are open Monday to Friday from 9 to 18. Is there anything else I can help you with?'],
        ['caller', 'That’s all, bye'],
        ['assistant', 'Thank you for calling. Goodbye!'],
      ]);
      const got = await c.ok('get_call', { call_id: call.call_id });
      expect(got.transcript).to.have.length(5);
      expect((await c.ok('list_calls', { phone })).calls.map((x: any) => x.call_id)).to.deep.equal([call.call_id]);
    });

    it('auto language: an English caller of a Spanish shop hears English after speaking; the notice claims no hand-over', async () => {
      const spanish = await k.shops.create({ name: 'Tienda Sol', locale: 'es-ES', credits: 10_000 });
      const cs = caller(k, spanish.token);
      await cs.ok('create_knowledge_snippet', {
        title: 'Opening hours',
        question: 'When are you open?',
        content: 'We are open Monday to Friday from 9 to 18.',
      });
      const { call, transcript, notice } = await cs.ok('simulate_voice_call', {
        caller_phone: freshPhone(),
        utterances: ['When are you open?', 'That’s all, bye'],
      });
      expect(transcript.map((t: any) => t.text)).to.deep.equal([
        // Nothing said yet: the shop's locale.
        'Hola, hablas con el asistente de Tienda Sol. ¿En qué puedo ayudarte?',
        'When are you open?',
        'We are open Monday to Friday from 9 to 18. Is there anything else I can help you with?',
        'That’s all, bye',
        'Thank you for calling. Goodbye!',
      ]);
      expect(call).to.deep.include({ language: 'en', outcome: 'resolved' });
      expect(call.handoff.status).to.equal('none');
      expect(notice).to.equal(
        'Simulated on the sandbox provider: no phone rang. There was no hand-over: no message was sent.',
      );
    });

    it('a caller who asks for a person and agrees gets one message (voice_handoff) and a ticket, once', async () => {
      const phone = freshPhone();
      const { call, transcript, notice } = await c.ok('simulate_voice_call', {
        caller_phone: phone,
        utterances: ['I want to talk to a person about my refund', 'Yes please'],
        language: 'en',
      });
      expect(notice).to.include('A hand-over message went through the messaging send path for real.');
      expect(transcript.map((t: any) => t.text)).to.include(
        'A colleague will need to follow this up. Shall I send you a message on WhatsApp? Please say yes or no.',
      );
      expect(call).to.deep.include({ outcome: 'handoff' });
      expect(call.handoff).to.deep.include({ status: 'sent', reason: 'caller_asked', error: null });
      expect(call.handoff.ticket_id).to.be.a('number');
      const sent = await handoffMessages(k, phone);
      expect(sent).to.have.length(1);
      expect(sent[0]).to.deep.include({
        id: call.handoff.message_id,
        idempotency_key: `voice-call-${call.call_id}-handoff`,
        automatic: true,
      });
      expect(sent[0].text).to.equal(
        'Hello! You called Tienda Luna about: “I want to talk to a person about my refund”. A colleague will reply to you here.',
      );
      const { ticket } = await c.ok('get_ai_ticket', { ticket_id: call.handoff.ticket_id });
      expect(ticket).to.deep.include({ category: 'voice', phone });
      expect(ticket.description).to.include('Caller: I want to talk to a person about my refund');
      // Again from the tools: the call is already handed over.
      const again = await c.ok('hand_off_call', { call_id: call.call_id });
      expect(again.call.handoff.message_id).to.equal(call.handoff.message_id);
      expect(await handoffMessages(k, phone)).to.have.length(1);
    });

    it('two questions without an answer, then no to a message: a ticket only, and hand_off_call keeps the caller’s no', async () => {
      const phone = freshPhone();
      const { call, transcript, notice } = await c.ok('simulate_voice_call', {
        caller_phone: phone,
        utterances: ['Do you repair spaceship engines?', 'What about rocket boosters?', 'No'],
        language: 'en',
      });
      expect(notice).to.include('The caller did not want a message: none was sent.').and.not.include('went through');
      expect(transcript[2].text).to.equal('Sorry, I do not know that. Could you ask it another way?');
      expect(call.handoff).to.deep.include({ status: 'declined', reason: 'no_answer' });
      expect(call.handoff.ticket_id).to.be.a('number');
      expect(call.summary).to.equal(
        'The caller asked: “Do you repair spaceship engines?”. The assistant had no answer.',
      );
      expect(await handoffMessages(k, phone)).to.deep.equal([]);
      const again = await c.ok('hand_off_call', { call_id: call.call_id, note: 'Engine repair quote' });
      expect(again.call.handoff.status, 'the caller said no: the shop writes to them another way').to.equal('declined');
      expect(await handoffMessages(k, phone)).to.deep.equal([]);
    });

    it('implied consent messages at once; an opted-out caller gets a ticket and no message', async () => {
      await c.ok('configure_voice', {
        provider: 'sandbox',
        handoff_consent: 'implied',
        language_mode: 'fixed',
        language_fixed: 'es',
      });
      const phone = freshPhone();
      const { call } = await c.ok('simulate_voice_call', {
        caller_phone: phone,
        utterances: ['Quiero hablar con una persona'],
      });
      expect(call).to.deep.include({ language: 'es', outcome: 'handoff' });
      expect(call.handoff.status).to.equal('sent');
      expect((await handoffMessages(k, phone))[0].text).to.include('Llamaste a Tienda Luna');
      const optedOut = freshPhone();
      await c.ok('add_chatapp_optout', { action: 'add', phone: optedOut });
      const refused = await c.ok('simulate_voice_call', {
        caller_phone: optedOut,
        utterances: ['Un humano, por favor'],
      });
      expect(refused.call.handoff.status).to.equal('opted_out');
      expect(refused.call.handoff.ticket_id).to.be.a('number');
      expect(await handoffMessages(k, optedOut)).to.deep.equal([]);
      await c.ok('configure_voice', { provider: 'sandbox', handoff_consent: 'ask', language_mode: 'auto' });
    });

    it('refuses what it cannot do; delete_call_data keeps the call and drops what was said; stats add up', async () => {
      await c.fails('simulate_voice_call', { caller_phone: freshPhone(), utterances: [] }, 'invalid_arguments');
      await c.fails(
        'simulate_voice_call',
        { caller_phone: freshPhone(), utterances: Array(21).fill('hi') },
        'invalid_arguments',
      );
      await c.fails('simulate_voice_call', { caller_phone: 'call me', utterances: ['hi'] }, 'invalid_arguments');
      await c.fails('configure_voice', { provider: 'sandbox', language_fixed: 'de' }, 'invalid_arguments');
      await c.fails(
        'configure_voice',
        { provider: 'sandbox', account_sid: `AC${'0'.repeat(32)}` },
        'invalid_arguments',
      );
      await c.fails('get_call', { call_id: 999_999 }, 'not_found');
      const { calls } = await c.ok('list_calls', { outcome: 'handoff' });
      const deleted = await c.ok('delete_call_data', { call_id: calls[0].call_id });
      expect(deleted.turns_deleted).to.be.at.least(2);
      expect(deleted.call).to.deep.include({ summary: null, outcome: 'handoff' });
      expect(deleted.call.transcript_deleted_at).to.be.a('string');
      expect((await c.ok('get_call', { call_id: calls[0].call_id })).transcript).to.deep.equal([]);
      const stats = await c.ok('get_voice_stats', { days: 7 });
      expect(stats.calls).to.be.at.least(5);
      expect(stats).to.deep.include({ failed: 0 });
      expect(stats.resolved + stats.handed_off + stats.abandoned).to.equal(stats.calls);
      expect(stats.handoff_messages_sent).to.be.at.least(2);
      const other = await k.newShop('Other voice shop');
      expect((await caller(k, other.token).ok('get_voice_stats')).calls).to.equal(0);
    });
  });

  describe('the web call button', () => {
    let key: string;
    const web = async (
      method: 'GET' | 'POST',
      path: string,
      body?: unknown,
      origin: string | null = 'https://shop.example',
      ip = '198.51.100.20',
    ) => {
      const res = await k.app.inject({
        method,
        url: `/voice/web/${key}${path}`,
        remoteAddress: ip,
        headers: { ...(origin && { origin }), ...(body !== undefined && { 'content-type': 'application/json' }) },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
      return { status: res.statusCode, headers: res.headers, body: res.json() as any };
    };

    it('is off until enabled; then answers only the listed sites', async () => {
      const { button } = await c.ok('configure_web_call_button', {});
      expect(button).to.deep.include({
        enabled: false,
        allowed_domains: [],
        max_calls_per_visitor_per_hour: 3,
        api_key_secret_set: false,
      });
      key = /data-key="([^"]+)"/.exec(button.embed_snippet)![1]!;
      expect((await web('GET', '/config')).status).to.equal(404);
      const enabled = await c.ok('configure_web_call_button', {
        enabled: true,
        allowed_domains: ['shop.example'],
        button_text: 'Talk to us',
      });
      expect(enabled.button).to.deep.include({
        enabled: true,
        allowed_domains: ['shop.example'],
        button_text: 'Talk to us',
      });
      const config = await web('GET', '/config');
      expect(config.status).to.equal(200);
      expect(config.body).to.deep.include({ mode: 'sandbox', button_text: 'Talk to us' });
      expect(config.headers['access-control-allow-origin']).to.equal('https://shop.example');
      for (const origin of ['https://evil.example', null])
        expect((await web('GET', '/config', undefined, origin)).status).to.equal(403);
      await c.fails('configure_web_call_button', { allowed_domains: ['https://shop.example/x'] }, 'invalid_arguments');
    });

    it('a sandbox call from the browser: the visitor’s phone first, then lines answered by the assistant', async () => {
      expect((await web('POST', '/calls', {})).status).to.equal(400);
      const phone = freshPhone();
      const started = await web('POST', '/calls', { phone });
      expect(started.status).to.equal(201);
      expect(started.body).to.deep.include({ mode: 'sandbox', sandbox: true });
      expect(started.body.reply.text).to.include('assistant of Tienda Luna');
      const turn = (text: string) => web('POST', `/calls/${started.body.call_token}/turns`, { text });
      expect((await turn('When are you open?')).body.reply.text).to.include('We are open Monday to Friday');
      expect((await turn('bye')).body.reply).to.deep.include({ end: true });
      expect((await web('POST', '/calls/not-a-call/turns', { text: 'hi' })).status).to.equal(404);
      const { calls } = await c.ok('list_calls', { phone });
      expect(calls[0]).to.deep.include({ provider: 'sandbox', outcome: 'resolved', from: phone });
    });

    it('three calls per visitor address per hour', async () => {
      const ip = '198.51.100.33';
      for (let i = 0; i < 3; i++)
        expect((await web('POST', '/calls', { phone: freshPhone() }, undefined, ip)).status).to.equal(201);
      const fourth = await web('POST', '/calls', { phone: freshPhone() }, undefined, ip);
      expect(fourth.status).to.equal(429);
      expect(fourth.body).to.deep.include({ error: 'rate_limited', limit: 3, window_minutes: 60 });
    });
  });

  describe('on Twilio', () => {
    let voiceUrl: string;
    let statusUrl: string;
    let numberId: number;

    it('checks the credentials with Twilio before saving them, and never shows the token', async () => {
      const wrong = await c.fails(
        'configure_voice',
        { provider: 'twilio', account_sid: fake.accountSid, auth_token: 'not-the-token' },
        'provider_auth_failed',
      );
      expect(wrong).to.deep.include({ provider: 'twilio', provider_status: 401, provider_code: 20003 });
      expect((await c.ok('get_voice_config')).voice.provider).to.equal('sandbox');
      await c.fails(
        'configure_voice',
        { provider: 'twilio', account_sid: 'AC123', auth_token: fake.authToken },
        'invalid_arguments',
      );
      await c.fails('configure_voice', { provider: 'twilio' }, 'invalid_arguments');
      const { voice } = await c.ok('configure_voice', {
        provider: 'twilio',
        account_sid: fake.accountSid,
        auth_token: fake.authToken,
        greeting_text: 'Hi, Tienda Luna here. What can I do for you?',
        language_mode: 'fixed',
        language_fixed: 'en',
      });
      expect(voice).to.deep.include({ provider: 'twilio', sandbox: false, auth_token_set: true });
      expect(voice.account_sid).to.equal(`${fake.accountSid.slice(0, 6)}…${fake.accountSid.slice(-4)}`);
      expect(JSON.stringify(voice)).to.not.include(fake.authToken);
      expect(await c.ok('test_voice_provider')).to.deep.include({
        ok: true,
        account_name: 'Tienda Luna',
        account_status: 'active',
      });
      await c.fails('simulate_voice_call', { caller_phone: freshPhone(), utterances: ['hi'] }, 'invalid_state');
      const { number } = await c.ok('assign_voice_number', { phone_number: '+34 910 000 111', label: 'Main line' });
      expect(number.phone_number).to.equal('+34910000111');
      expect(number.webhooks.voice_url).to.equal(
        `${k.baseUrl()}/voice/twilio/${number.webhooks.voice_url.split('/')[5]}/incoming`,
      );
      voiceUrl = number.webhooks.voice_url;
      statusUrl = number.webhooks.status_callback_url;
      numberId = number.number_id;
      await c.fails('assign_voice_number', { phone_number: '+34910000111' }, 'conflict');
      expect((await c.ok('list_voice_numbers')).count).to.equal(1);
    });

    it('our signature is Twilio’s (checked against the twilio library)', () => {
      const params = { CallSid: 'CA1', From: '+34600000000', SpeechResult: 'hola & adiós', Digits: '1' };
      const url = 'https://calls.example/voice/twilio/vn_x/gather?a=1';
      const ours = twilioSignature('token-123', url, params);
      expect(ours).to.equal(twilio.getExpectedTwilioSignature('token-123', url, params));
      expect(twilio.validateRequest('token-123', ours, url, params)).to.equal(true);
    });

    it('a call: greeting in a speech Gather, an answer per turn, a person on request, then the status ends it', async () => {
      const phone = freshPhone();
      const call = fake.caller(voiceUrl, phone, '+34910000111');
      const greeting = await call.dial();
      expect(greeting.status).to.equal(200);
      expect(greeting.say).to.deep.equal(['Hi, Tienda Luna here. What can I do for you?']);
      expect(greeting.gatherAction).to.equal(voiceUrl.replace('/incoming', '/gather'));
      expect(greeting.body).to.include('input="speech"').and.include('language="en-US"');
      const answered = await call.say('When are you open?');
      expect(answered.say[0]).to.equal(
        'We are open Monday to Friday from 9 to 18. Is there anything else I can help you with?',
      );
      expect(answered.hangup).to.equal(false);
      const quiet = await call.silence();
      expect(quiet.say[0]).to.equal('Sorry, I did not hear you. Is there anything else I can help you with?');
      const ask = await call.say('Can I speak to an agent?');
      expect(ask.say[0]).to.include('Shall I send you a message on WhatsApp?');
      const done = await call.say('yes');
      expect(done.hangup).to.equal(true);
      expect(done.say[0]).to.equal('I have sent you a message; a colleague will follow up there. Goodbye!');
      const ended = await call.hangUp(statusUrl, 'completed', 63);
      expect(ended.status).to.equal(204);
      expect((await call.hangUp(statusUrl, 'completed', 99)).status, 'a repeated callback changes nothing').to.equal(
        204,
      );
      const { calls } = await c.ok('list_calls', { phone });
      expect(calls[0]).to.deep.include({
        provider: 'twilio',
        sandbox: false,
        provider_call_id: call.callSid,
        to: '+34910000111',
        status: 'completed',
        outcome: 'handoff',
        duration_seconds: 63,
      });
      expect(calls[0].handoff.status).to.equal('sent');
      expect(await handoffMessages(k, phone)).to.have.length(1);
    });

    it('a call the caller leaves in silence ends as abandoned', async () => {
      const phone = freshPhone();
      const call = fake.caller(voiceUrl, phone, '+34910000111');
      await call.dial();
      await call.silence();
      const bye = await call.silence();
      expect(bye).to.deep.include({ hangup: true });
      await call.hangUp(statusUrl, 'completed', 20);
      expect((await c.ok('list_calls', { phone })).calls[0]).to.deep.include({
        outcome: 'abandoned',
        status: 'completed',
      });
    });

    it('refuses every request not signed by Twilio for this account and this URL', async () => {
      const call = fake.caller(voiceUrl, freshPhone(), '+34910000111');
      const params = {
        AccountSid: fake.accountSid,
        CallSid: call.callSid,
        From: '+34600000001',
        To: '+34910000111',
        CallStatus: 'ringing',
      };
      const local = new URL(voiceUrl);
      const tampers: [string, Parameters<typeof call.post>[2]][] = [
        ['a parameter changed', (r) => (r.params.From = '+34600000002')],
        ['a parameter added', (r) => (r.params.Digits = '1')],
        ['a parameter removed', (r) => delete r.params.To],
        ['no signature', (r) => delete r.headers['x-twilio-signature']],
        ['an empty signature', (r) => (r.headers['x-twilio-signature'] = '')],
        [
          'another account’s token',
          (r) => (r.headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature('other-token', r.url, r.params)),
        ],
        [
          'signed for https',
          (r) =>
            (r.headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(
              fake.authToken,
              r.url.replace('http:', 'https:'),
              r.params,
            )),
        ],
        [
          'signed for another host',
          (r) =>
            (r.headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(
              fake.authToken,
              r.url.replace(local.hostname, 'localhost'),
              r.params,
            )),
        ],
        [
          'signed for another path',
          (r) =>
            (r.headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(
              fake.authToken,
              r.url.replace('/incoming', '/gather'),
              r.params,
            )),
        ],
        ['a query added', (r) => (r.url = `${r.url}?x=1`)],
      ];
      let refused = 0;
      for (const [what, tamper] of tampers) {
        const res = await call.post(voiceUrl, params, tamper);
        expect(res.status, what).to.equal(403);
        refused += 1;
      }
      expect(refused).to.equal(tampers.length);
      expect(await rows(k, 'select id from voice_calls where provider_call_id = ?', [call.callSid])).to.deep.equal([]);
      const unknown = await call.post(voiceUrl.replace(/vn_[^/]+/, 'vn_AAAAAAAAAAAAAAAAAAAA'), params);
      expect(unknown.status).to.equal(404);
      expect((await call.post(voiceUrl, params)).status, 'the untampered request passes').to.equal(200);
    });

    it('the web call button on Twilio: an Access Token for the shop’s TwiML app, then the call reaches the assistant', async () => {
      const apiKeySid = `SK${'a1'.repeat(16)}`;
      const appSid = `AP${'b2'.repeat(16)}`;
      await c.fails('configure_web_call_button', { enabled: true }, 'invalid_arguments');
      const { button } = await c.ok('configure_web_call_button', {
        enabled: true,
        api_key_sid: apiKeySid,
        api_key_secret: 'key-secret-123456',
        twiml_app_sid: appSid,
      });
      expect(button).to.deep.include({ provider: 'twilio', api_key_secret_set: true, twiml_app_sid: appSid });
      expect(JSON.stringify(button)).to.not.include('key-secret-123456');
      const key = /data-key="([^"]+)"/.exec(button.embed_snippet)![1]!;
      const phone = freshPhone();
      const res = await k.app.inject({
        method: 'POST',
        url: `/voice/web/${key}/calls`,
        remoteAddress: '198.51.100.77',
        headers: { origin: 'https://shop.example', 'content-type': 'application/json' },
        payload: JSON.stringify({ phone }),
      });
      expect(res.statusCode).to.equal(201);
      const { token, identity, mode } = res.json();
      expect(mode).to.equal('twilio');
      const [header, payload, signature] = token.split('.');
      expect(createHmac('sha256', 'key-secret-123456').update(`${header}.${payload}`).digest('base64url')).to.equal(
        signature,
      );
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      // The same token as Twilio's helper library makes, claim for claim.
      const reference = new twilio.jwt.AccessToken(fake.accountSid, apiKeySid, 'key-secret-123456', {
        identity,
        ttl: 600,
      });
      reference.addGrant(
        new twilio.jwt.AccessToken.VoiceGrant({
          outgoingApplicationSid: appSid,
          outgoingApplicationParams: { caller_phone: phone },
        }),
      );
      const expected = reference.toJwt().split('.');
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).to.deep.equal(
        JSON.parse(Buffer.from(expected[0]!, 'base64url').toString()),
      );
      const want = JSON.parse(Buffer.from(expected[1]!, 'base64url').toString());
      expect(claims).to.deep.include({ grants: want.grants, iss: want.iss, sub: want.sub });
      expect(claims.exp - claims.iat).to.equal(600);

      const appCall = fake.caller(button.twiml_app_voice_url, `client:${identity}`, '', { caller_phone: phone });
      const greeting = await appCall.dial();
      expect(greeting.status).to.equal(200);
      expect(greeting.gatherAction).to.equal(button.twiml_app_voice_url.replace('/incoming', '/gather'));
      expect((await appCall.say('When are you open?')).say[0]).to.include('We are open');
      const { calls } = await c.ok('list_calls', { phone });
      expect(calls[0]).to.deep.include({ provider: 'twilio', from: phone, to: null });
    });

    it('a released number and a shop back on the sandbox answer 404', async () => {
      const call = fake.caller(voiceUrl, freshPhone(), '+34910000111');
      await c.ok('configure_voice', { provider: 'sandbox' });
      expect((await call.dial()).status).to.equal(404);
      await c.ok('configure_voice', { provider: 'twilio', account_sid: fake.accountSid, auth_token: fake.authToken });
      expect((await call.dial()).status).to.equal(200);
      await c.ok('release_voice_number', { number_id: numberId });
      expect((await fake.caller(voiceUrl, freshPhone(), '+34910000111').dial()).status).to.equal(404);
      await c.fails('release_voice_number', { number_id: numberId }, 'not_found');
    });
  });

  describe('behind a proxy', () => {
    it('checks signatures against PUBLIC_BASE_URL, not the address the request arrived at', async () => {
      const proxied = await bootKernel({
        groups: ['prompt', 'knowledge', 'customers', 'voice'],
        overrides: {
          server: { publicBaseUrl: 'https://calls.shop.example' },
          jobs: { enabled: false },
          groups: { voice: { enabled: true, config: { twilio: { apiBaseUrl: fake.baseUrl } } } },
        },
      });
      try {
        await proxied.listen();
        // listen() answers the public base URL; the proxy reaches the server here.
        const local = `http://127.0.0.1:${(proxied.app.server.address() as AddressInfo).port}`;
        const { token } = await proxied.newShop('Proxied shop');
        const p = caller(proxied, token);
        await p.ok('configure_voice', { provider: 'twilio', account_sid: fake.accountSid, auth_token: fake.authToken });
        const { number } = await p.ok('assign_voice_number', { phone_number: '+34910444555' });
        const publicUrl = number.webhooks.voice_url;
        expect(publicUrl).to.match(/^https:\/\/calls\.shop\.example\/voice\/twilio\/vn_/);
        const arrived = publicUrl.replace('https://calls.shop.example', local);
        const call = fake.caller(publicUrl, freshPhone(), '+34910444555');
        const params = { AccountSid: fake.accountSid, CallSid: call.callSid, From: '+34600000009', To: '+34910444555' };
        // Twilio signs the URL it called (the public one); the proxy forwards to the local address.
        const viaProxy = await call.post(publicUrl, params, (r) => (r.url = arrived));
        expect(viaProxy.status).to.equal(200);
        expect(viaProxy.body).to.include('action="https://calls.shop.example/voice/twilio/');
        const signedLocally = await call.post(arrived, params);
        expect(signedLocally.status, 'a signature for the internal address is not Twilio’s').to.equal(403);
      } finally {
        await proxied.close();
      }
    });
  });

  describe('with a language model', () => {
    let ai: FakeOpenAi;
    let s: ReturnType<typeof caller>;
    before(async () => {
      ai = await new FakeOpenAi().start();
      const other = await k.newShop('Model voice shop', { credits: 100_000 });
      s = caller(k, other.token);
      await s.ok('configure_ai_provider', {
        provider: 'openai_compatible',
        base_url: ai.baseUrl,
        api_key: ai.apiKey,
        chat_model: 'fake-chat',
      });
      await s.ok('create_knowledge_snippet', { title: 'Returns', content: 'Returns are free within 30 days.' });
    });
    after(() => ai?.close());

    it('speaks the model’s answer; a model slower than the turn’s budget gets the fallback line and a hand-over', async () => {
      ai.reply = JSON.stringify({ answer: 'You can return it for free within 30 days.', handoff: false });
      const fast = await s.ok('simulate_voice_call', {
        caller_phone: freshPhone(),
        utterances: ['Can I return my shoes?'],
        language: 'en',
      });
      expect(fast.transcript[2].text).to.equal(
        'You can return it for free within 30 days. Is there anything else I can help you with?',
      );
      const chat = ai.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
      expect(JSON.stringify(chat.body.messages)).to.include('Returns are free within 30 days.');

      ai.queue({ delayMs: 2_500 });
      const phone = freshPhone();
      const started = Date.now();
      const slow = await s.ok('simulate_voice_call', {
        caller_phone: phone,
        utterances: ['Can I return my shoes?', 'yes'],
        language: 'en',
      });
      expect(Date.now() - started, 'the caller waits the budget (1.5 s here), not the model').to.be.below(2_400);
      expect(slow.transcript[2].text).to.equal(
        'I am sorry, I cannot answer right now. A colleague will need to follow this up. Shall I send you a message on WhatsApp? Please say yes or no.',
      );
      expect(slow.call.handoff).to.deep.include({ reason: 'assistant_unavailable', status: 'failed' });
      expect(slow.call.handoff.error, 'this shop has no messaging line').to.match(/^session_not/);
    });
  });
});
