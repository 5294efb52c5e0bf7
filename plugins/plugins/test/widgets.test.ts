import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { caller, rows } from '../../../test/helpers/ops-kernel.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';
import { visitor, widget } from './helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const fixture = (name: string) => readFileSync(new URL(`../../knowledge/test/fixtures/${name}`, import.meta.url));
let ips = 0;
const freshIp = () => `198.51.100.${++ips}`;

describe('plugins: the web widgets', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let dir: string;
  let woo: WooCommerceFake;
  let shop: { shopId: number; token: string };
  let other: { shopId: number; token: string };
  let c: ReturnType<typeof caller>;
  let tick = 0;
  const indexFiles = () =>
    k.scheduler.runTick('knowledge.index-documents', new Date(Date.UTC(2007, 3, 1, 0, 0, tick++)));

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'widgets-'));
    woo = await new WooCommerceFake(StoreData.seed({ products: 2, customers: 1, orders: 1 }), {
      consumerKey: 'ck_w',
      consumerSecret: 'cs_w',
    }).start();
    k = await bootKernel({
      groups: ['prompt', 'knowledge', 'customers', 'storage', 'integrations', 'products', 'plugins'],
      overrides: {
        network: { trustedCaPem: fakeCertificate().certPem },
        auth: { requestsPerWindow: 1_000_000 },
        groups: { storage: { enabled: true, config: { localDir: dir } } },
      },
    });
    shop = await k.newShop('Widget shop');
    other = await k.newShop('Other widget shop');
    c = caller(k, shop.token);
    await c.ok('create_knowledge_snippet', {
      title: 'Opening hours',
      question: 'When are you open?',
      content: 'We are open Monday to Friday from 9:00 to 18:00.',
    });
  });
  after(async () => {
    await k?.close();
    await woo?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('configure_plugin_chat', () => {
    it('starts from the spec’s defaults and changes only the fields sent, merging the three objects', async () => {
      const { plugin } = await c.ok('get_plugin_config', { plugin_type: 'chat' });
      expect(plugin).to.deep.include({
        plugin_type: 'chat',
        is_enabled: false,
        allowed_domains: [],
        language_mode: 'auto',
        rate_limit_per_session: 30,
        rate_limit_window_minutes: 60,
        require_verification: false,
        verification_secret_issued: false,
      });
      expect(plugin.public_key).to.match(/^pk_[\w-]{24}$/);
      expect(plugin.embed_snippet).to.include(`/widget/embed.js" data-key="${plugin.public_key}"`);

      await c.ok('configure_plugin_chat', {
        plugin_type: 'chat',
        config_design: { primary_color: '#aa3300', position: 'left' },
        config_texts: { greeting: 'Hello!', placeholder: 'Ask us' },
      });
      const changed = await c.ok('configure_plugin_chat', {
        plugin_type: 'chat',
        is_enabled: true,
        config_design: { position: null, title: 'Help' },
        config_texts: { greeting: 'Hi there!' },
      });
      expect(changed.changed).to.deep.equal(['is_enabled', 'config_design', 'config_texts']);
      expect(changed.plugin).to.deep.include({
        is_enabled: true,
        config_design: { primary_color: '#aa3300', title: 'Help' },
        config_texts: { greeting: 'Hi there!', placeholder: 'Ask us' },
        config_behavior: {},
        rate_limit_per_session: 30,
      });
      const other = await c.ok('configure_plugin_chat', {
        plugin_type: 'chat',
        allowed_domains: ['Shop.Example', '*.shop.example', 'shop.example'],
        language_mode: 'fixed',
        language_fixed: 'es',
        custom_css: '.launcher { background: url("https://cdn.example/b.png") }',
      });
      expect(other.plugin).to.deep.include({
        allowed_domains: ['shop.example', '*.shop.example'],
        language_mode: 'fixed',
        language_fixed: 'es',
        config_texts: { greeting: 'Hi there!', placeholder: 'Ask us' },
      });
      await c.ok('configure_plugin_chat', {
        plugin_type: 'chat',
        language_mode: 'auto',
        allowed_domains: [],
        custom_css: '',
      });
    });

    it('refuses what the spec and the browser forbid, changing nothing', async () => {
      const before = (await c.ok('get_plugin_config', { plugin_type: 'chat' })).plugin;
      const refused: [Record<string, unknown>, string][] = [
        [{ language_fixed: 'de' }, 'language_fixed'],
        [{ language_mode: 'fixed' }, 'language_fixed'],
        [{ language_mode: 'fixed', language_fixed: 'de', language_available: ['es', 'en'] }, 'language_available'],
        [{ allowed_domains: ['https://shop.example'] }, 'allowed_domains.0'],
        [{ allowed_domains: ['shop.example/path'] }, 'allowed_domains.0'],
        [{ custom_css: '</style><script>alert(1)</script>' }, 'custom_css'],
        [{ custom_css: '@import url(https://x.example/a.css);' }, 'custom_css'],
        [{ custom_css: 'div { background: url(http://x.example/a.png) }' }, 'custom_css'],
        [{ avatar_url: 'http://cdn.example/a.png' }, 'avatar_url'],
      ];
      for (const [args, path] of refused) {
        const failed = await c.fails('configure_plugin_chat', { plugin_type: 'chat', ...args }, 'invalid_arguments');
        expect(failed.errors?.[0]?.path ?? '', JSON.stringify(args)).to.equal(path);
      }
      await c.fails('configure_plugin_chat', { plugin_type: 'chat', language_fixed: 'nl' }, 'invalid_arguments');
      await c.fails('configure_plugin_chat', { plugin_type: 'product-qa' }, 'invalid_arguments');
      await c.fails('configure_plugin_chat', { plugin_type: 'chat', rate_limit_per_session: 0 }, 'invalid_arguments');
      expect((await c.ok('get_plugin_config', { plugin_type: 'chat' })).plugin).to.deep.equal(before);
    });
  });

  describe('configure_plugin_productqa', () => {
    it('needs is_enabled, takes domains as a comma string and returns them as a list', async () => {
      await c.fails('configure_plugin_productqa', { plugin_type: 'product-qa' }, 'invalid_arguments');
      const { plugin } = await c.ok('configure_plugin_productqa', {
        plugin_type: 'product-qa',
        is_enabled: true,
        allowed_domains: 'shop.example, *.Shop.Example ,',
      });
      expect(plugin).to.deep.include({
        plugin_type: 'product-qa',
        is_enabled: true,
        allowed_domains: ['shop.example', '*.shop.example'],
        faq_enabled: true,
        faq_max_per_product: 5,
      });
      await c.fails(
        'configure_plugin_productqa',
        { plugin_type: 'product-qa', is_enabled: true, faq_max_per_product: 21 },
        'invalid_arguments',
      );
      await c.fails(
        'configure_plugin_productqa',
        { plugin_type: 'product-qa', is_enabled: true, allowed_domains: 'shop.example, ftp://x' },
        'invalid_arguments',
      );
      const both = await c.ok('configure_plugin_productqa', {
        plugin_type: 'product-qa',
        is_enabled: true,
        allowed_domains: '',
      });
      expect(both.plugin.allowed_domains).to.deep.equal([]);
      const secret = await c.fails(
        'rotate_plugin_keys',
        { plugin_type: 'product-qa', key: 'verification_secret' },
        'invalid_state',
      );
      expect(secret.message).to.include('chat');
    });
  });

  describe('the public routes', () => {
    let key: string;
    before(async () => {
      key = (await c.ok('configure_plugin_chat', { plugin_type: 'chat', is_enabled: true })).plugin.public_key;
    });

    it('serves one minified script under 30 KB gzipped, with its hash as ETag', async () => {
      const res = await k.app.inject({ method: 'GET', url: '/widget/embed.js' });
      expect(res.statusCode).to.equal(200);
      expect(res.headers['content-type']).to.include('javascript');
      expect(gzipSync(res.rawPayload).length).to.be.below(30 * 1024);
      const again = await k.app.inject({
        method: 'GET',
        url: '/widget/embed.js',
        headers: { 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).to.equal(304);
    });

    it('an empty allowed_domains allows any site; a list allows its hosts and subdomains of wildcards, by Origin', async () => {
      const config = (origin: string | null) => widget(k, 'GET', `/widget/${key}/config`, { origin });
      const open = await config('https://anything.example');
      expect(open.status).to.equal(200);
      expect(open.headers['access-control-allow-origin']).to.equal('https://anything.example');
      expect(open.body).to.deep.include({ kind: 'chat', poll_seconds: 3 });
      expect(open.body).to.not.have.property('verification_secret');
      expect((await config(null)).status).to.equal(200);

      await c.ok('configure_plugin_chat', {
        plugin_type: 'chat',
        allowed_domains: ['shop.example', '*.brand.example'],
      });
      expect((await config('https://shop.example')).status).to.equal(200);
      expect((await config('http://shop.example:8080')).status).to.equal(200);
      expect((await config('https://eu.brand.example')).status).to.equal(200);
      for (const refused of [
        'https://brand.example',
        'https://evil.example',
        'https://shop.example.evil.example',
        null,
      ]) {
        const res = await config(refused);
        expect(res.status, String(refused)).to.equal(403);
        expect(res.body.error).to.equal('origin_not_allowed');
        expect(res.headers['access-control-allow-origin']).to.equal(undefined);
      }
      const preflight = await widget(k, 'OPTIONS', `/widget/${key}/sessions`, { origin: 'https://shop.example' });
      expect(preflight.status).to.equal(204);
      expect(preflight.headers['access-control-allow-headers']).to.include('x-widget-token');
      expect(
        (await widget(k, 'OPTIONS', `/widget/${key}/sessions`, { origin: 'https://evil.example' })).status,
      ).to.equal(403);

      const frame = await widget(k, 'GET', `/widget/${key}/frame`, {
        origin: null,
        headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' },
      });
      // A frame load carries no Origin: the page goes out, and the browser applies frame-ancestors.
      expect(frame.status).to.equal(200);
      expect(frame.headers['content-security-policy']).to.include('frame-ancestors');
      const framed = await k.app.inject({
        method: 'GET',
        url: `/widget/${key}/frame`,
        headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'same-origin' },
      });
      expect(framed.statusCode).to.equal(200);
      expect(framed.headers['content-security-policy'])
        .to.include('frame-ancestors')
        .and.include('https://shop.example')
        .and.include('https://*.brand.example');
      const direct = await k.app.inject({
        method: 'GET',
        url: `/widget/${key}/frame`,
        headers: { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'same-origin' },
      });
      expect(direct.statusCode).to.equal(403);
      await c.ok('configure_plugin_chat', { plugin_type: 'chat', allowed_domains: [] });
      const anywhere = await k.app.inject({ method: 'GET', url: `/widget/${key}/frame` });
      expect(anywhere.headers['content-security-policy']).to.include("frame-ancestors 'self' https: http:");
    });

    it('a visitor writes and the assistant answers from the knowledge; what it cannot answer goes to a person, who replies from the tools', async () => {
      const v = await visitor(k, key, { ip: freshIp() });
      const answered = await v.say('When are you open?');
      expect(answered.status).to.equal(200);
      expect(answered.body.message).to.deep.include({ role: 'visitor', text: 'When are you open?' });
      expect(answered.body.replies).to.have.length(1);
      expect(answered.body.replies[0]).to.deep.include({
        role: 'assistant',
        text: 'We are open Monday to Friday from 9:00 to 18:00.',
      });
      expect(answered.body.replies[0].citations[0]).to.deep.include({ source: 'snippet', title: 'Opening hours' });

      const handed = await v.say('Can I pay my invoice with cryptocurrency tokens?');
      expect(handed.body.replies[0]).to.deep.include({
        role: 'system',
        text: 'A person from the shop will reply here soon.',
      });
      const listed = await c.ok('list_plugin_conversations', { status: 'handed_off' });
      expect(listed.conversations.map((s: any) => s.session_id)).to.include(v.id);
      const quiet = await v.say('Hello?');
      expect(quiet.body.replies, 'the assistant no longer answers a handed-over conversation').to.deep.equal([]);

      const { message } = await c.ok('reply_plugin_conversation', {
        session_id: v.id,
        message: 'Hi, this is Marta: yes, we take <b>cards</b> and https://pay.example/x',
        agent_name: 'Marta',
      });
      const read = await v.read(quiet.body.message.id);
      expect(read.body.messages).to.deep.equal([{ ...message }]);
      expect(read.body.messages[0]).to.deep.include({ role: 'agent', agent_name: 'Marta' });

      const detail = await c.ok('get_plugin_conversation', { session_id: v.id });
      expect(detail.messages.map((m: any) => m.role)).to.deep.equal([
        'visitor',
        'assistant',
        'visitor',
        'system',
        'visitor',
        'agent',
      ]);
      expect(detail.conversation).to.deep.include({
        status: 'handed_off',
        ai_paused: true,
        message_count: 6,
        origin: 'https://shop.example',
      });

      await c.ok('reply_plugin_conversation', { session_id: v.id, message: 'Back to the assistant.', pause_ai: false });
      expect((await v.say('When are you open?')).body.replies[0].role).to.equal('assistant');
    });

    it('notes and customers: check_plugin_conversation_note before and after, linked by phone', async () => {
      const v = await visitor(k, key, { ip: freshIp() });
      expect(await c.ok('check_plugin_conversation_note', { session_id: v.id })).to.deep.include({
        has_note: false,
        note: null,
        customer: null,
      });
      await c.ok('add_plugin_conversation_note', { session_id: v.id, note: 'Wants a refund', agent_name: 'Luis' });
      const linked = await c.ok('link_plugin_conversation_customer', { session_id: v.id, phone: '+34 611 222 333' });
      expect(linked).to.deep.include({ customer_created: true });
      const checked = await c.ok('check_plugin_conversation_note', { session_id: v.id });
      expect(checked).to.deep.include({ has_note: true });
      expect(checked.note).to.deep.include({ text: 'Wants a refund', agent_name: 'Luis' });
      expect(checked.customer).to.deep.include({ phone: '+34611222333', known: true });
      await c.fails('check_plugin_conversation_note', { session_id: 'ws_unknown' }, 'not_found');
      await caller(k, other.token).fails('check_plugin_conversation_note', { session_id: v.id }, 'not_found');
      await c.fails('add_plugin_conversation_note', { session_id: v.id, note: '   ' }, 'invalid_arguments');
      await c.ok('close_plugin_conversation', { session_id: v.id });
      expect((await v.say('still there?')).status).to.equal(409);
      await c.fails('reply_plugin_conversation', { session_id: v.id, message: 'x' }, 'invalid_state');
    });

    it('30 messages per session per 60 minutes: the 31st is refused with when to retry, and the next window accepts again', async () => {
      const v = await visitor(k, key, { ip: freshIp() });
      for (let i = 1; i <= 30; i++) expect((await v.say(`message ${i}`)).status, `message ${i}`).to.equal(200);
      const refused = await v.say('message 31');
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.include({ error: 'rate_limited', limit: 30, window_minutes: 60 });
      expect(refused.body.retry_after_seconds).to.be.within(3_590, 3_600);
      expect(refused.headers['access-control-allow-origin'], 'the page can read the refusal').to.equal(
        'https://shop.example',
      );
      await rows(k, `update widget_rate_counters set window_start = now() - interval '61 minutes' where scope = ?`, [
        `s:${v.id}`,
      ]);
      expect((await v.say('a new hour')).status).to.equal(200);
      expect(
        (await c.ok('get_plugin_conversation', { session_id: v.id, message_limit: 500 })).conversation.message_count,
      ).to.be.at.least(31);
    });

    it('an address opens at most 10 sessions an hour; a token opens only its own session', async () => {
      const ip = freshIp();
      const opened = [];
      for (let i = 0; i < 10; i++) opened.push(await visitor(k, key, { ip }));
      const eleventh = await widget(k, 'POST', `/widget/${key}/sessions`, { ip, body: {} });
      expect(eleventh.status).to.equal(429);
      expect(eleventh.body).to.deep.include({ error: 'rate_limited', window_minutes: 60 });
      const [a, b] = opened;
      const stolen = await widget(k, 'GET', `/widget/${key}/sessions/${a!.id}/messages`, { token: b!.token });
      expect(stolen.status).to.equal(401);
    });

    it('identities: taken as given, or — with require_verification — only with the shop’s signature', async () => {
      const v = await visitor(k, key, { ip: freshIp() });
      const identify = (body: Record<string, unknown>) =>
        widget(k, 'POST', `/widget/${key}/sessions/${v.id}/identify`, { token: v.token, body });
      expect((await identify({ name: 'Ana', phone: '+34 622 000 111' })).body).to.deep.equal({
        identified: true,
        verified: false,
      });
      const { verification_secret: secret } = await c.ok('rotate_plugin_keys', {
        plugin_type: 'chat',
        key: 'verification_secret',
      });
      expect(secret).to.match(/^vs_/);
      expect((await c.ok('get_plugin_config', { plugin_type: 'chat' })).plugin.verification_secret_issued).to.equal(
        true,
      );
      await c.ok('configure_plugin_chat', { plugin_type: 'chat', require_verification: true });
      expect((await identify({ phone: '+34 622 000 111' })).status).to.equal(403);
      expect((await identify({ phone: '+34 622 000 111', identity_hash: 'f'.repeat(64) })).status).to.equal(403);
      const hash = createHmac('sha256', secret).update('+34 622 000 111').digest('hex');
      expect((await identify({ phone: '+34 622 000 111', identity_hash: hash })).body).to.deep.equal({
        identified: true,
        verified: true,
      });
      expect((await c.ok('get_plugin_conversation', { session_id: v.id })).conversation).to.deep.include({
        phone: '+34622000111',
        verified: true,
      });
      await c.ok('configure_plugin_chat', { plugin_type: 'chat', require_verification: false });
    });

    it('a disabled widget, an unknown key and a rotated key answer 404 on every route', async () => {
      const v = await visitor(k, key, { ip: freshIp() });
      const routes = (k2: string) => [
        widget(k, 'GET', `/widget/${k2}/config`),
        widget(k, 'POST', `/widget/${k2}/sessions`, { body: {} }),
        widget(k, 'POST', `/widget/${k2}/sessions/${v.id}/messages`, { token: v.token, body: { text: 'hi' } }),
        widget(k, 'GET', `/widget/${k2}/sessions/${v.id}/messages`, { token: v.token }),
      ];
      await c.ok('configure_plugin_chat', { plugin_type: 'chat', is_enabled: false });
      for (const res of await Promise.all(routes(key))) expect(res.status).to.equal(404);
      await c.ok('configure_plugin_chat', { plugin_type: 'chat', is_enabled: true });
      expect((await v.say('back')).status).to.equal(200);
      for (const res of await Promise.all(routes('pk_AAAAAAAAAAAAAAAAAAAAAAAA'))) expect(res.status).to.equal(404);
      const rotated = await c.ok('rotate_plugin_keys', { plugin_type: 'chat', key: 'public_key' });
      expect(rotated.plugin.public_key).to.not.equal(key);
      for (const res of await Promise.all(routes(key))) expect(res.status).to.equal(404);
      key = rotated.plugin.public_key;
      expect((await widget(k, 'GET', `/widget/${key}/config`)).status).to.equal(200);
    });

    it('past the shop’s daily budget of assistant answers, visitors are handed to a person', async () => {
      const v = await visitor(k, key, { ip: freshIp() });
      const [{ count }] = await rows(k, `select count from widget_rate_counters where scope = ?`, [
        `ai:${shop.shopId}`,
      ]);
      expect(count, 'every assistant answer so far was counted').to.be.at.least(5);
      await rows(k, `update widget_rate_counters set count = 2000 where scope = ?`, [`ai:${shop.shopId}`]);
      const spent = await v.say('When are you open?');
      expect(spent.body.replies).to.deep.equal([
        { ...spent.body.replies[0], role: 'system', text: 'A person from the shop will reply here soon.' },
      ]);
      expect((await c.ok('get_plugin_conversation', { session_id: v.id })).conversation.status).to.equal('handed_off');
      await rows(k, `update widget_rate_counters set window_start = now() - interval '25 hours' where scope = ?`, [
        `ai:${shop.shopId}`,
      ]);
      const next = await visitor(k, key, { ip: freshIp() });
      expect((await next.say('When are you open?')).body.replies[0].role, 'a new day, a new budget').to.equal(
        'assistant',
      );
    });

    it('preview_plugin_chat answers like the widget without a session; get_plugin_stats counts', async () => {
      const preview = await c.ok('preview_plugin_chat', { message: 'When are you open?' });
      expect(preview).to.deep.include({
        answered: true,
        answer: 'We are open Monday to Friday from 9:00 to 18:00.',
        engine: 'builtin',
      });
      expect(preview.notice).to.be.a('string');
      expect(await c.ok('preview_plugin_chat', { message: 'Do you sell spaceships?' })).to.deep.include({
        answered: false,
      });
      const { widgets } = await c.ok('get_plugin_stats', { days: 7 });
      const chat = widgets.find((w: any) => w.widget === 'chat');
      expect(chat.sessions).to.be.at.least(5);
      expect(chat.visitor_messages).to.be.at.least(35);
      expect(chat.agent_replies).to.equal(2);
      expect(chat.handed_off).to.be.at.least(1);
      expect((await caller(k, other.token).ok('get_plugin_stats', {})).widgets).to.deep.equal([]);
    });
  });

  describe('document Q&A assistants', () => {
    it('create_docqa_assistant: display_name required, fixed needs its language, selector needs languages, 50 per session by default', async () => {
      await c.fails('create_docqa_assistant', {}, 'invalid_arguments');
      await c.fails('create_docqa_assistant', { display_name: 'Manuals', language_mode: 'fixed' }, 'invalid_arguments');
      await c.fails('create_docqa_assistant', { display_name: 'Manuals', language_fixed: 'en' }, 'invalid_arguments');
      await c.fails(
        'create_docqa_assistant',
        { display_name: 'Manuals', language_mode: 'selector', language_available: ['en'] },
        'invalid_arguments',
      );
      const { assistant } = await c.ok('create_docqa_assistant', { display_name: 'Manuals' });
      expect(assistant).to.deep.include({
        display_name: 'Manuals',
        is_enabled: true,
        language_mode: 'auto',
        rate_limit_per_session: 50,
        rate_limit_window_minutes: null,
        allowed_domains: [],
      });
      const updated = await c.ok('update_docqa_assistant', {
        assistant_id: assistant.id,
        language_mode: 'selector',
        language_available: ['en', 'es'],
        config_texts: { greeting: 'Ask the manuals' },
      });
      expect(updated.assistant).to.deep.include({ language_mode: 'selector', language_available: ['en', 'es'] });
      await c.fails('update_docqa_assistant', { assistant_id: assistant.id }, 'invalid_arguments');
      expect((await c.ok('list_docqa_assistants')).assistants.map((a: any) => a.id)).to.include(assistant.id);
      await c.ok('delete_docqa_assistant', { assistant_id: assistant.id });
      await c.fails('get_docqa_assistant', { assistant_id: assistant.id }, 'not_found');
    });

    it('answers only from its own files, citing file and page; follows each file through processing', async () => {
      const { assistant } = await c.ok('create_docqa_assistant', { display_name: 'Blender help' });
      const id = assistant.id;
      expect(await c.ok('check_docqa_file_status', { assistant_id: id })).to.deep.include({ files: [], ready: false });
      const text = await c.ok('add_docqa_file', {
        assistant_id: id,
        name: 'Warranty terms',
        format: 'markdown',
        text: '# Warranty\n\nThe Kora motor has a seven year warranty against defects.',
      });
      expect(text.file).to.deep.include({
        name: 'Warranty terms',
        status: 'ready',
        progress_percent: 100,
        storage_file_id: null,
      });
      const pdf = (
        await c.ok('upload_file_base64', {
          filename: 'kora-manual.pdf',
          content_base64: fixture('document-manual.pdf').toString('base64'),
          purpose: 'knowledge',
        })
      ).file;
      const broken = (
        await c.ok('upload_file_base64', {
          filename: 'broken.pdf',
          content_base64: Buffer.from('%PDF-1.4\n% not really a PDF\n').toString('base64'),
          purpose: 'knowledge',
        })
      ).file;
      const unreadable = await c.ok('add_docqa_file', { assistant_id: id, storage_file_id: broken.id });
      const added = await c.ok('add_docqa_file', { assistant_id: id, storage_file_id: pdf.id });
      expect(added.file).to.deep.include({
        name: 'kora-manual.pdf',
        status: 'queued',
        progress_percent: 0,
        storage_file_id: pdf.id,
      });
      expect((await c.ok('check_docqa_file_status', { assistant_id: id })).ready).to.equal(false);
      expect(await indexFiles()).to.equal('ran');
      const status = await c.ok('check_docqa_file_status', { assistant_id: id });
      expect(status.ready).to.equal(true);
      expect(status.files.map((f: any) => [f.name, f.status])).to.deep.equal([
        ['Warranty terms', 'ready'],
        ['broken.pdf', 'failed'],
        ['kora-manual.pdf', 'ready'],
      ]);
      expect(status.files[1].error).to.include('could not be read');
      expect(status.files[2]).to.deep.include({ chunks: 2, error: null, progress_percent: 100 });
      await c.ok('remove_docqa_file', { assistant_id: id, file_id: unreadable.file.file_id });

      const answer = await c.ok('ask_docqa_assistant', { assistant_id: id, question: 'spare parts blender' });
      expect(answer.answered).to.equal(true);
      expect(answer.citations[0]).to.deep.equal({
        file_id: added.file.file_id,
        name: 'kora-manual.pdf',
        where: 'Page 2',
      });
      const warranty = await c.ok('ask_docqa_assistant', {
        assistant_id: id,
        question: 'How many years of warranty does the motor have?',
      });
      expect(warranty.answer).to.include('seven year');
      const outside = await c.ok('ask_docqa_assistant', { assistant_id: id, question: 'When are you open?' });
      expect(outside, 'the shop’s knowledge is not the documents').to.deep.include({
        answered: false,
        answer: 'The documents do not answer this question.',
        citations: [],
      });
      // The assistant's files are not the shop's knowledge either.
      const search = await c.ok('search_knowledge', { query: 'seven year warranty motor' });
      expect(search.results.filter((r: any) => r.source === 'document')).to.deep.equal([]);
      expect((await c.ok('list_knowledge_documents')).documents).to.deep.equal([]);

      await c.ok('remove_docqa_file', { assistant_id: id, file_id: text.file.file_id });
      expect(
        (
          await c.ok('ask_docqa_assistant', {
            assistant_id: id,
            question: 'How many years of warranty does the motor have?',
          })
        ).answer,
      ).to.not.include('seven');
      await c.fails('remove_docqa_file', { assistant_id: id, file_id: text.file.file_id }, 'not_found');
      await c.fails('add_docqa_file', { assistant_id: id }, 'invalid_arguments');
      await c.fails('add_docqa_file', { assistant_id: id, text: 'No name' }, 'invalid_arguments');
      await c.fails(
        'add_docqa_file',
        { assistant_id: id, storage_file_id: pdf.id, text: 'both', name: 'x' },
        'invalid_arguments',
      );
      await caller(k, other.token).fails('check_docqa_file_status', { assistant_id: id }, 'not_found');
      await caller(k, other.token).fails('add_docqa_file', { assistant_id: id, text: 'x', name: 'x' }, 'not_found');

      const v = await visitor(k, assistant.public_key, { ip: freshIp() });
      const asked = await v.say('spare parts blender');
      expect(asked.body.replies[0].role).to.equal('assistant');
      expect(asked.body.replies[0].citations[0]).to.deep.include({ name: 'kora-manual.pdf', where: 'Page 2' });
      const deleted = await c.ok('delete_docqa_assistant', { assistant_id: id });
      expect(deleted).to.deep.include({ deleted: true, files_deleted: 1 });
      expect((await v.say('again')).status).to.equal(404);
      expect(await rows(k, `select id from knowledge_documents where collection = ?`, [`docqa:${id}`])).to.deep.equal(
        [],
      );
      expect((await c.ok('get_file', { file_id: pdf.id })).file.id, 'the stored file stays').to.equal(pdf.id);
    });

    it('50 questions per session over its life: the 51st is refused', async () => {
      const { assistant } = await c.ok('create_docqa_assistant', { display_name: 'Limits' });
      const v = await visitor(k, assistant.public_key, { ip: freshIp() });
      for (let i = 1; i <= 50; i++) expect((await v.say(`question ${i}`)).status, `question ${i}`).to.equal(200);
      const refused = await v.say('question 51');
      expect(refused.status).to.equal(429);
      expect(refused.body).to.deep.include({
        error: 'rate_limited',
        limit: 50,
        window_minutes: null,
        retry_after_seconds: null,
      });
      await c.ok('delete_docqa_assistant', { assistant_id: assistant.id });
    });
  });

  describe('the product-question box', () => {
    let key: string;
    before(async () => {
      const args = {
        platform_type: 'ecomB',
        ecomB_store_url: woo.origin,
        ecomB_consumer_key: 'ck_w',
        ecomB_consumer_secret: 'cs_w',
      };
      await k.call(shop.token, 'connect_ecommerce', args);
      await c.ok('connect_ecommerce', { ...args, confirm: true });
      await c.ok('sync_products', { mode: 'full' });
      for (let i = 0; i < 300 && (await c.ok('get_product_sync_status')).sync_run.status === 'running'; i++)
        await sleep(20);
      key = (
        await c.ok('configure_plugin_productqa', {
          plugin_type: 'product-qa',
          is_enabled: true,
          faq_max_per_product: 1,
        })
      ).plugin.public_key;
      await c.ok('create_knowledge_snippet', {
        title: 'Washing',
        question: 'Can it be washed in the machine?',
        content: 'Yes: machine wash at 30 degrees.',
      });
    });

    it('shows the FAQs; a question the assistant answers is published while the product has room, the rest wait for the shop', async () => {
      const faqs = () => widget(k, 'GET', `/widget/${key}/products/1000/faqs`);
      expect((await faqs()).body.faqs).to.deep.equal([]);
      const opened = await widget(k, 'POST', `/widget/${key}/sessions`, { ip: freshIp(), body: {} });
      const { session_id: id, token } = opened.body;
      const ask = (text: string) =>
        widget(k, 'POST', `/widget/${key}/sessions/${id}/products/1000/questions`, { token, body: { text } });
      const first = await ask('Can it be washed in the machine?');
      expect(first.body).to.deep.include({ answered: true, text: 'Yes: machine wash at 30 degrees.', published: true });
      expect((await faqs()).body.faqs).to.deep.equal([
        {
          id: first.body.question_id,
          question: 'Can it be washed in the machine?',
          answer: 'Yes: machine wash at 30 degrees.',
        },
      ]);
      const second = await ask('Can I wash it in the machine please?');
      expect(second.body, 'the product has its one FAQ').to.deep.include({ answered: true, published: false });
      const pending = await ask('Is it made in Portugal?');
      expect(pending.body).to.deep.include({
        answered: false,
        text: 'Thank you! The shop will answer your question here.',
      });
      const { questions } = await c.ok('list_product_questions', { status: 'pending' });
      expect(questions.map((q: any) => [q.question, q.source])).to.deep.include(['Is it made in Portugal?', 'widget']);
      expect((await widget(k, 'GET', `/widget/${key}/products/NOPE/faqs`)).status).to.equal(404);
      expect(
        (await widget(k, 'POST', `/widget/${key}/sessions/${id}/messages`, { token, body: { text: 'hi' } })).status,
      ).to.equal(404);
    });
  });
});
