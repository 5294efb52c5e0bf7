import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';
import { bootOps, connectedLine, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { ANALYSIS_GROUPS, customerSays, freshPhone } from './helpers.js';

/** The model's answer for each kind of request, told apart by the system message. */
function answerFor(body: any): string {
  const system: string = body.messages[0].content;
  const user: string = body.messages.at(-1).content;
  if (system.startsWith('You categorize')) {
    const ids = [...user.matchAll(/^\[(\d+)\] customer/gm)].map((m) => Number(m[1]));
    return JSON.stringify({
      topic: /bicicleta/i.test(user) ? 'bikes' : 'orders',
      intent: 'order_status',
      priority: 'P1',
      sentiment: 'positive',
      confidence: 0.9,
      evidence_message_ids: [...ids, 999_999],
    });
  }
  if (system.startsWith('You translate'))
    return JSON.stringify({ text: user.includes('{nombre}') ? 'Hello {nombre}, your order ships today' : 'Hello' });
  if (system.startsWith('You edit'))
    return JSON.stringify({ text: `Dear {nombre}, ${system.includes('German') ? 'auf Deutsch' : 'kindly'}` });
  if (system.startsWith('You suggest tags'))
    return JSON.stringify({
      tags: [
        { tag: 'Returns', score: 0.9, reason: 'asks to return' },
        { tag: 'made-up', score: 0.5, reason: 'invented' },
      ],
    });
  if (system.includes('Draft the shop')) return JSON.stringify({ text: 'Tienes 30 días, {nombre}.' });
  return JSON.stringify({
    summary: 'Wants order 7781.',
    key_points: ['order 7781'],
    open_questions: ['When?'],
    promises: [],
  });
}

describe('ai_analysis with the shop’s AI provider (a local fake OpenAI server)', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  let k: TestKernel;
  let token: string;
  let line: { id: number; session_key: string };
  const call = (tool: string, args: Record<string, unknown> = {}) => ok(k, token, tool, args);
  const lastRequest = () => fake.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;

  before(async () => {
    fake = await new FakeOpenAi().start();
    fake.respond = answerFor;
    k = await bootOps({ groups: ANALYSIS_GROUPS, kernel: { network: { allowLoopback: true } } });
    ({ token } = await k.shops.create({ name: 'Provider analysis shop', credits: 100_000 }));
    await call('configure_ai_provider', {
      provider: 'openai_compatible',
      base_url: fake.baseUrl,
      api_key: fake.apiKey,
      chat_model: 'fake-chat',
      task_model: 'fake-task',
    });
    line = await connectedLine(k, token);
  });
  after(async () => {
    await k?.close();
    await fake?.close();
  });

  it('auto_categorize_conversations takes the task model’s answer, keeps built-in sentiment, and drops evidence that is not the customer’s', async () => {
    await call('update_analysis_settings', {
      topics: [{ key: 'bikes', label: 'Bicycles', keywords: { es: ['bicicleta'] } }],
    });
    const phone = freshPhone();
    const ids = await customerSays(k, token, line.session_key, phone, [
      'Es una vergüenza',
      '¿Cuánto cuesta la bicicleta?',
    ]);
    const sent = await call('send_chatapp_message', { phone, message: 'Oferta {auto}' });
    await rows(k, 'update chatapp_messages set automatic = true where id = ?', [sent.message.id]);
    const answer = await call('auto_categorize_conversations', { action: 'auto', phone });
    expect(answer).to.include({ engine: 'openai_compatible', model: 'fake-task' });
    expect(answer).to.not.have.property('notice');
    const [c] = answer.conversations;
    expect(c).to.include({
      topic: 'bikes',
      intent: 'order_status',
      priority: 'P1',
      confidence: 0.9,
      sentiment: 'negative',
    });
    expect(c.evidence.map((e: any) => e.message_id)).to.deep.equal(ids);
    const request = lastRequest();
    expect(request.body.model).to.equal('fake-task');
    expect(request.body.messages[0].content).to.contain('bikes (Bicycles)');
    expect(request.body.messages[1].content).to.contain(`[${sent.message.id}] shop (automatic)`);
  });

  it('with builtin_for emptied, the model’s sentiment stands (no lexicon score)', async () => {
    await call('update_analysis_settings', { builtin_for: ['language'] });
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, ['¿Dónde está mi pedido?']);
    const [c] = (await call('auto_categorize_conversations', { action: 'auto', phone })).conversations;
    expect(c).to.include({ sentiment: 'positive', sentiment_score: null });
    await call('update_analysis_settings', { builtin_for: ['language', 'sentiment'] });
  });

  it('an answer outside the taxonomy, twice, is ai_invalid_output; a failing provider is ai_provider_unavailable', async () => {
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, ['Hola, ¿qué tal?']);
    const wrong = JSON.stringify({
      topic: 'weather',
      intent: 'x',
      priority: 'P9',
      sentiment: 'meh',
      confidence: 2,
      evidence_message_ids: [],
    });
    fake.queue({ content: wrong }, { content: wrong });
    await fails(k, token, 'auto_categorize_conversations', { action: 'auto', phone }, 'ai_invalid_output');
    fake.queue({ fail: 500 }, { fail: 500 }); // the first attempt and its one retry
    await fails(k, token, 'auto_categorize_conversations', { action: 'auto', phone }, 'ai_provider_unavailable');
  });

  it('translate_text keeps placeholders; a translation that loses one is ai_invalid_output', async () => {
    const t = await call('translate_text', { text: 'Hola {nombre}, tu pedido sale hoy', target_language: 'en' });
    expect(t).to.deep.include({
      text: 'Hello {nombre}, your order ships today',
      source_language: 'es',
      target_language: 'en',
      engine: 'openai_compatible',
    });
    expect(lastRequest().body.messages[1].content).to.contain('from Spanish to English');
    fake.queue({ content: JSON.stringify({ text: 'Hello, your order ships today' }) });
    await fails(
      k,
      token,
      'translate_text',
      { text: 'Hola {nombre}, tu pedido sale hoy', target_language: 'en' },
      'ai_invalid_output',
    );
  });

  it('rewrite_message asks for the style and language', async () => {
    const r = await call('rewrite_message', { text: 'Hola {nombre}', style: 'friendly', target_language: 'de' });
    expect(r).to.include({ text: 'Dear {nombre}, auf Deutsch', style: 'friendly', model: 'fake-task' });
    expect(lastRequest().body.messages[0].content).to.contain('friendly, warm tone');
  });

  it('summarize_conversation and auto_tag_customer use the model; unknown tags are dropped without allow_new', async () => {
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, [
      'Hola',
      'Quiero devolver la chaqueta',
      '¿Cómo hago la devolución?',
    ]);
    const s = await call('summarize_conversation', { phone, summary_type: 'actionable' });
    expect(s).to.include({ summary: 'Wants order 7781.', engine: 'openai_compatible' });
    expect(s.open_questions).to.deep.equal(['When?']);
    await call('add_customer_tag', { action: 'add', phone: freshPhone(), tag_name: 'Returns' });
    const tags = await call('auto_tag_customer', { action: 'auto', phone });
    expect(tags.suggestions).to.deep.equal([{ tag: 'Returns', new: false, score: 0.9, reason: 'asks to return' }]);
    const withNew = await call('auto_tag_customer', { action: 'auto', phone, allow_new: true });
    expect(withNew.suggestions.map((x: any) => x.tag)).to.deep.equal(['Returns', 'made-up']);
  });

  it('suggest_reply drafts with the chat model, under the shop prompt, with the matching snippets', async () => {
    await call('create_knowledge_snippet', {
      title: 'Plazo de devoluciones',
      content: 'Tienes 30 días desde la entrega para devolver cualquier artículo.',
      language: 'es',
    });
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, ['¿Cuántos días tengo para devolver un artículo?']);
    const r = await call('suggest_reply', { phone, tone: 'friendly' });
    expect(r).to.include({ reply: 'Tienes 30 días, {nombre}.', method: 'model', model: 'fake-chat' });
    expect(r.sources[0].title).to.equal('Plazo de devoluciones');
    const system = lastRequest().body.messages[0].content;
    expect(system).to.contain('Tienes 30 días desde la entrega').and.contain('friendly tone').and.contain('Spanish');
  });

  it('the idle-conversation job stores the model’s analysis; a provider failure leaves the conversation for the next run', async () => {
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, ['¿Dónde está mi pedido 55?']);
    await rows(k, `update conversations set last_message_at = now() - interval '2 hours' where phone = ?`, [phone]);
    await call('update_analysis_settings', { auto_categorize_inbound: true });
    let tick = 0;
    const run = () =>
      k.scheduler.runTick('ai_analysis.categorize-idle-conversations', new Date(Date.UTC(2004, 0, 1, 0, 0, tick++)));
    fake.queue({ fail: 401 });
    await run();
    expect((await call('list_conversation_analyses', { phone })).count).to.equal(0);
    await run();
    const { analyses } = await call('list_conversation_analyses', { phone });
    expect(analyses).to.have.length(1);
    expect(analyses[0]).to.include({
      source: 'auto',
      engine: 'openai_compatible',
      intent: 'order_status',
      confidence: 0.9,
    });
  });
});
