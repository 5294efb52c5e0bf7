import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { recorded } from '../../../test/fixtures/service-probe/index.js';
import { ANALYSIS_GROUPS, age, customerSays, freshPhone } from './helpers.js';

describe('ai_analysis on the built-in engine', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let token: string;
  let shopId: number;
  let line: { id: number; session_key: string };
  const call = (tool: string, args: Record<string, unknown> = {}) => ok(k, token, tool, args);
  const refuse = (tool: string, args: Record<string, unknown>, code: string) => fails(k, token, tool, args, code);

  before(async () => {
    k = await bootOps({ groups: ANALYSIS_GROUPS, probe: true });
    ({ token, shopId } = await k.shops.create({ name: 'Analysis shop', timezone: 'Europe/Madrid', credits: 100_000 }));
    line = await connectedLine(k, token);
  });
  after(() => k?.close());

  describe('auto_categorize_conversations', () => {
    let returns: string;
    let complaint: string;
    let old: string;
    before(async () => {
      returns = freshPhone();
      complaint = freshPhone('gb');
      old = freshPhone();
      await customerSays(k, token, line.session_key, old, ['¿Dónde está mi pedido 4411?']);
      await age(k, old, 60 * 30);
      await customerSays(k, token, line.session_key, returns, [
        'Hola',
        'Quiero devolver unas zapatillas que me quedan pequeñas, ¿cómo hago la devolución?',
      ]);
      await customerSays(k, token, line.session_key, complaint, [
        'I have been waiting three weeks and nobody replies, this is ridiculous',
      ]);
    });

    it('categorizes the conversations customers wrote in during the last 24 hours, newest first, with evidence', async () => {
      const answer = await call('auto_categorize_conversations', { action: 'auto' });
      expect(answer).to.include({ hours: 24, limit: 10, engine: 'builtin', model: null });
      expect(answer.notice).to.match(/Built-in engine/);
      const phones = answer.conversations.map((c: any) => c.phone);
      expect(phones).to.include.members([returns, complaint]).and.not.include(old);
      expect(phones.indexOf(complaint)).to.be.below(phones.indexOf(returns));
      const r = answer.conversations.find((c: any) => c.phone === returns);
      expect(r).to.include({
        topic: 'returns',
        intent: 'returns_refund',
        priority: 'P2',
        language: 'es',
        cached: false,
      });
      expect(r.evidence).to.have.length(1);
      expect(r.evidence[0].excerpt).to.match(/^Quiero devolver/);
      const c = answer.conversations.find((x: any) => x.phone === complaint);
      expect(c).to.include({
        intent: 'complaint',
        topic: 'orders',
        priority: 'P1',
        sentiment: 'negative',
        language: 'en',
      });
    });

    it('hours reaches back further; phone keeps one customer; limit caps the list', async () => {
      const wide = await call('auto_categorize_conversations', { action: 'auto', hours: 48 });
      expect(wide.conversations.map((c: any) => c.phone)).to.include(old);
      const one = await call('auto_categorize_conversations', { action: 'auto', hours: 48, phone: old });
      expect(one.conversations.map((c: any) => c.phone)).to.deep.equal([old]);
      expect(one.conversations[0]).to.include({ intent: 'order_status', topic: 'orders' });
      const capped = await call('auto_categorize_conversations', { action: 'auto', limit: 1 });
      expect(capped.conversations).to.have.length(1);
      expect(capped.count).to.equal(1);
    });

    it('limit 0 and 21 and hours 0 are refused; the no-effect arguments change nothing', async () => {
      await refuse('auto_categorize_conversations', { action: 'auto', limit: 21 }, 'invalid_arguments');
      await refuse('auto_categorize_conversations', { action: 'auto', limit: 0 }, 'invalid_arguments');
      await refuse('auto_categorize_conversations', { action: 'auto', hours: 0 }, 'invalid_arguments');
      await refuse('auto_categorize_conversations', { action: 'auto', phone: '12' }, 'invalid_arguments');
      const plain = await call('auto_categorize_conversations', { action: 'auto' });
      const extra = await call('auto_categorize_conversations', {
        action: 'auto',
        summary_type: 'detailed',
        days: 3,
        tone: 'friendly',
        target_language: 'de',
        last_n: 5,
      });
      const strip = (a: any) => a.conversations.map((c: any) => ({ ...c, waiting_minutes: 0 }));
      expect(strip(extra)).to.deep.equal(strip(plain));
      await refuse('auto_categorize_conversations', { action: 'auto', summary_type: 'long' }, 'invalid_arguments');
    });

    it('automatic messages are context, never evidence; a shop reply ends the wait', async () => {
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, ['¿Tenéis la camisa en talla L?']);
      await call('send_chatapp_message', { phone, message: 'Sí, la tenemos. ¿Quieres que te la reserve?' });
      const sent = await call('send_chatapp_message', {
        phone,
        message: 'STOP para darte de baja. Oferta: 20% en devoluciones',
      });
      await rows(k, 'update chatapp_messages set automatic = true where id = ?', [sent.message.id]);
      const [c] = (await call('auto_categorize_conversations', { action: 'auto', phone })).conversations;
      expect(c).to.include({ intent: 'availability', waiting_minutes: 0 });
      expect(c.evidence.map((e: any) => e.message_id)).to.not.include(sent.message.id);
    });
  });

  describe('auto_tag_customer', () => {
    it('an unknown phone is not_found; fewer than 3 customer messages give no suggestions', async () => {
      await refuse('auto_tag_customer', { action: 'auto', phone: freshPhone() }, 'not_found');
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, ['Hola', '¿Aceptáis PayPal?']);
      const answer = await call('auto_tag_customer', { action: 'auto', phone });
      expect(answer).to.include({ reason: 'not_enough_messages', customer_messages: 2, engine: 'builtin' });
      expect(answer.suggestions).to.deep.equal([]);
    });

    it('suggests the shop’s existing tags (rule, topic name, the customer’s words), new ones only with allow_new, and writes nothing', async () => {
      const other = freshPhone();
      for (const tag of ['Devoluciones', 'zapatillas', 'vip', 'returns'])
        await call('add_customer_tag', { action: 'add', phone: other, tag_name: tag });
      await call('update_analysis_settings', { tag_rules: [{ when: 'returns_refund', tag: 'Devoluciones' }] });
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, [
        'Buenas',
        'Las zapatillas me quedan pequeñas',
        'Quiero devolverlas, ¿cómo hago la devolución?',
      ]);
      const answer = await call('auto_tag_customer', { action: 'auto', phone });
      expect(answer.reason).to.equal(null);
      const tags = answer.suggestions.map((s: any) => s.tag);
      expect(tags).to.include.members(['Devoluciones', 'returns', 'zapatillas']).and.not.include('vip');
      expect(answer.suggestions.every((s: any) => s.new === false)).to.equal(true);
      expect(answer.suggestions[0]).to.include({ tag: 'Devoluciones', score: 1 });
      const withNew = await call('auto_tag_customer', { action: 'auto', phone, allow_new: true });
      expect(withNew.suggestions.filter((s: any) => s.new).map((s: any) => s.tag)).to.deep.equal(['returns_refund']);
      const stored = await rows(
        k,
        'select count(*)::int as n from customer_tags t join customers c on c.id = t.customer_id where c.phone = ?',
        [phone],
      );
      expect(stored[0].n).to.equal(0);
    });

    it('tags the customer already has are listed apart, not suggested', async () => {
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, [
        'Hola',
        'Quiero devolver la chaqueta',
        'Es para una devolución',
      ]);
      await call('add_customer_tag', { action: 'add', phone, tag_name: 'devoluciones' });
      const answer = await call('auto_tag_customer', { action: 'auto', phone, hours: 5, limit: 3, last_n: 2 });
      expect(answer.already_tagged).to.deep.equal(['Devoluciones']);
      expect(answer.suggestions.map((s: any) => s.tag)).to.not.include('Devoluciones');
    });
  });

  describe('summaries, sentiment and language', () => {
    it('actionable lists the open question and drops it once a person at the shop replied; promises are kept', async () => {
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, [
        'Hola, pedí una mesa de roble. ¿Cuándo llega mi pedido 7781?',
      ]);
      let s = await call('summarize_conversation', { phone, summary_type: 'actionable' });
      expect(s.open_questions.map((q: any) => q.question)).to.deep.equal(['¿Cuándo llega mi pedido 7781?']);
      expect(s.requests[0]).to.include({ intent: 'order_status' });
      expect(s.facts).to.include({ messages: 1, customer_messages: 1, language: 'es' });
      await call('send_chatapp_message', { phone, message: 'Lo revisamos y te confirmo mañana.' });
      s = await call('summarize_conversation', { phone, summary_type: 'actionable' });
      expect(s.open_questions).to.deep.equal([]);
      expect(s.promises.map((p: any) => p.promise)).to.deep.equal(['Lo revisamos y te confirmo mañana.']);
      expect(s.facts.waiting_minutes).to.equal(0);
      const quick = await call('summarize_conversation', { phone });
      expect(quick.summary_type).to.equal('quick');
      expect(quick.key_sentence.sentence).to.equal('¿Cuándo llega mi pedido 7781?');
      const detailed = await call('summarize_conversation', { phone, summary_type: 'detailed' });
      expect(detailed.timeline.map((t: any) => t.from)).to.deep.equal(['customer', 'shop']);
      await refuse('summarize_conversation', { phone, summary_type: 'long' }, 'invalid_arguments');
      await refuse('summarize_conversation', { phone, session_id: 999_999 }, 'not_found');
    });

    it('analyze_sentiment scores a text or a customer; exactly one of them', async () => {
      const angry = await call('analyze_sentiment', { text: 'Es una vergüenza, el paquete llegó destrozado' });
      expect(angry).to.include({ sentiment: 'negative', language: 'es', supported: true, engine: 'builtin' });
      const glad = await call('analyze_sentiment', { text: 'Thank you so much, great help, everything perfect!' });
      expect(glad).to.include({ sentiment: 'positive', language: 'en' });
      const hu = await call('analyze_sentiment', { text: 'Köszönöm szépen, nagyon jó volt a kiszolgálás' });
      expect(hu).to.include({ sentiment: 'positive', language: 'hu' });
      await refuse('analyze_sentiment', {}, 'invalid_arguments');
      await refuse('analyze_sentiment', { text: 'x', phone: freshPhone() }, 'invalid_arguments');
      const phone = freshPhone('gb');
      await customerSays(k, token, line.session_key, phone, [
        'Thanks, lovely service',
        'Terrible, the box arrived crushed',
      ]);
      const customer = await call('analyze_sentiment', { phone });
      expect(customer.messages).to.have.length(2);
      expect(customer.sentiment).to.equal('negative');
    });

    it('detect_language reads a text, or a customer’s messages, or falls back on the phone’s country', async () => {
      expect(
        await call('detect_language', { text: 'Wo ist meine Bestellung? Ich habe vor einer Woche bestellt' }),
      ).to.include({
        language: 'de',
        method: 'text',
      });
      const phone = freshPhone('hu');
      await customerSays(k, token, line.session_key, phone, ['ok']);
      expect(await call('detect_language', { phone })).to.include({ language: 'hu', method: 'phone_prefix' });
      await refuse('detect_language', { phone: freshPhone() }, 'not_found');
    });
  });

  describe('writing help', () => {
    it('translate_text and rewrite_message need a provider on the built-in engine', async () => {
      const t = await refuse(
        'translate_text',
        { text: 'Hola {nombre}', target_language: 'en' },
        'ai_provider_required',
      );
      expect(JSON.stringify(t)).to.contain('"engine":"builtin"');
      await refuse('rewrite_message', { text: 'hola', style: 'friendly' }, 'ai_provider_required');
      await refuse('translate_text', { text: 'Hola', target_language: 'nl' }, 'invalid_arguments');
    });

    it('suggest_reply quotes the best knowledge snippet for the customer’s last question, or says why there is none', async () => {
      await call('create_knowledge_snippet', {
        title: 'Plazo de devoluciones',
        question: '¿Cuántos días tengo para devolver un artículo?',
        content: 'Tienes 30 días desde la entrega para devolver cualquier artículo.',
        language: 'es',
      });
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, ['Hola', '¿Cuántos días tengo para devolver un artículo?']);
      const answer = await call('suggest_reply', { phone });
      expect(answer).to.include({
        reply: 'Tienes 30 días desde la entrega para devolver cualquier artículo.',
        method: 'knowledge',
        engine: 'builtin',
      });
      expect(answer.sources[0].title).to.equal('Plazo de devoluciones');
      const other = freshPhone();
      await customerSays(k, token, line.session_key, other, ['¿Vendéis bicicletas eléctricas plegables?']);
      expect(await call('suggest_reply', { phone: other })).to.include({ reply: null, reason: 'no_knowledge_match' });
    });
  });

  describe('stored analyses, settings and trends', () => {
    it('save_conversation_analysis stores all items or none, announces each, and a stored analysis shows as cached', async () => {
      const a = freshPhone();
      const b = freshPhone();
      await customerSays(k, token, line.session_key, a, ['¿Dónde está mi pedido?']);
      await customerSays(k, token, line.session_key, b, ['Quiero hablar con una persona']);
      await refuse(
        'save_conversation_analysis',
        {
          items: [
            { phone: a, topic: 'orders', intent: 'order_status', priority: 'P2', sentiment: 'neutral' },
            { phone: freshPhone(), topic: 'orders', intent: 'order_status', priority: 'P2', sentiment: 'neutral' },
          ],
        },
        'not_found',
      );
      await refuse(
        'save_conversation_analysis',
        { items: [{ phone: a, topic: 'weather', intent: 'other', priority: 'P3', sentiment: 'neutral' }] },
        'invalid_arguments',
      );
      expect((await call('list_conversation_analyses', { phone: a })).count).to.equal(0);
      // The probe hears events in the unit of work; the refused calls' were rolled back with it.
      const heard = recorded.length;
      const saved = await call('save_conversation_analysis', {
        items: [
          {
            phone: a,
            topic: 'orders',
            intent: 'order_status',
            priority: 'P2',
            sentiment: 'neutral',
            summary: 'Asks for order',
          },
          { phone: b, topic: 'general', intent: 'human_request', priority: 'P1', sentiment: 'neutral' },
        ],
      });
      expect(saved.count).to.equal(2);
      expect(saved.saved[0]).to.include({ phone: a, source: 'saved', engine: 'agent', summary: 'Asks for order' });
      const announced = recorded
        .slice(heard)
        .filter((e) => e.name === 'ai_analysis.conversation_categorized' && e.shopId === shopId);
      expect(announced.map((e) => (e.payload as any).phone)).to.deep.equal([a, b]);
      expect(announced[1]!.payload).to.include({ intent: 'human_request', priority: 'P1', source: 'saved' });
      const [c] = (await call('auto_categorize_conversations', { action: 'auto', phone: b })).conversations;
      expect(c).to.include({ cached: true, intent: 'human_request', priority: 'P1', language_method: 'stored' });
      await customerSays(k, token, line.session_key, b, ['¿Hola?']);
      const [after] = (await call('auto_categorize_conversations', { action: 'auto', phone: b })).conversations;
      expect(after.cached).to.equal(false);
      const list = await call('list_conversation_analyses', { intent: 'human_request', phone: b });
      expect(list.analyses.map((x: any) => x.phone)).to.deep.equal([b]);
      await refuse(
        'list_conversation_analyses',
        { date_from: '2030-01-02 00:00', date_to: '2030-01-01 00:00' },
        'invalid_arguments',
      );
      expect((await call('list_conversation_analyses', { date_from: '2099-01-01 00:00' })).count).to.equal(0);
    });

    it('settings: the shop’s topics win when their words occur; bad rules and duplicates are refused', async () => {
      const before = await call('get_analysis_settings');
      expect(before.settings).to.include({ auto_categorize_inbound: false, categorize_after_idle_minutes: 30 });
      await refuse('update_analysis_settings', {}, 'invalid_arguments');
      await refuse(
        'update_analysis_settings',
        {
          topics: [
            { key: 'bikes', label: 'Bikes', keywords: {} },
            { key: 'bikes', label: 'Again', keywords: {} },
          ],
        },
        'invalid_arguments',
      );
      await refuse('update_analysis_settings', { tag_rules: [{ when: 'weather', tag: 'x' }] }, 'invalid_arguments');
      await refuse('update_analysis_settings', { categorize_after_idle_minutes: 4 }, 'invalid_arguments');
      const updated = await call('update_analysis_settings', {
        topics: [{ key: 'bikes', label: 'Bicycles', keywords: { es: ['bicicleta', 'pedales'], en: ['bike'] } }],
      });
      expect(updated.settings.topics[0].key).to.equal('bikes');
      expect(updated.settings.tag_rules).to.have.length(1);
      const phone = freshPhone();
      await customerSays(k, token, line.session_key, phone, ['¿Cuánto cuesta la bicicleta roja?']);
      const [c] = (await call('auto_categorize_conversations', { action: 'auto', phone })).conversations;
      expect(c).to.include({ topic: 'bikes', intent: 'pricing_quote' });
      await call('save_conversation_analysis', {
        items: [{ phone, topic: 'bikes', intent: 'pricing_quote', priority: 'P2', sentiment: 'neutral' }],
      });
    });

    it('get_topic_trends counts each conversation once per period, by its last analysis', async () => {
      const trends = await call('get_topic_trends', { days: 7 });
      expect(trends).to.include({ by: 'topic', group_by: 'day', days: 7 });
      expect(trends.totals).to.include({ orders: 1, general: 1, bikes: 1 });
      const byPriority = await call('get_topic_trends', { by: 'priority', group_by: 'week' });
      expect(byPriority.totals).to.include({ P1: 1, P2: 2 });
      expect(byPriority.series).to.have.length(1);
      await refuse('get_topic_trends', { days: 91 }, 'invalid_arguments');
    });
  });

  describe('job categorize-idle-conversations', () => {
    it('stores an analysis of quiet conversations once, for shops that switched it on', async () => {
      const shop = await k.shops.create({ name: 'Idle shop' });
      const own = await connectedLine(k, shop.token);
      const phone = freshPhone();
      await customerSays(k, shop.token, own.session_key, phone, ['Quiero darme de baja de las promociones']);
      let tick = 0;
      const run = () =>
        k.scheduler.runTick('ai_analysis.categorize-idle-conversations', new Date(Date.UTC(2003, 0, 1, 0, 0, tick++)));
      await age(k, phone, 45);
      await run();
      const count = async () => (await ok(k, shop.token, 'list_conversation_analyses', { phone })).count as number;
      expect(await count()).to.equal(0);
      await ok(k, shop.token, 'update_analysis_settings', { auto_categorize_inbound: true });
      await run();
      await run();
      expect(await count()).to.equal(1);
      const [stored] = (await ok(k, shop.token, 'list_conversation_analyses', { phone })).analyses;
      expect(stored).to.include({ intent: 'unsubscribe', source: 'auto', engine: 'builtin' });
    });
  });
});
