import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine, customerWrites, fails, ok } from '../../../test/helpers/ops-kernel.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('products: customers’ questions, answers over the messaging line, FAQs', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let other: { shopId: number; token: string };
  let woo: WooCommerceFake;
  let productId: number;
  let line: any;
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}, as = shop) => ok(k, as.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string, as = shop) =>
      fails(k, as.token, tool, args, code),
  };
  const ask = (question: string, extra: Record<string, unknown> = {}) =>
    call.ok('submit_product_question', { product_id: productId, question, ...extra });

  before(async () => {
    woo = await new WooCommerceFake(StoreData.seed({ products: 3, customers: 1, orders: 1 }), {
      consumerKey: 'ck_q',
      consumerSecret: 'cs_q',
    }).start();
    k = await bootKernel({
      groups: ['integrations', 'products', 'whatsapp_ops'],
      overrides: { network: { trustedCaPem: fakeCertificate().certPem }, auth: { requestsPerWindow: 1_000_000 } },
    });
    shop = await k.newShop('Questions shop');
    await k.shops.addCredits(shop.shopId, 50_000, 'test credits', 'grant');
    other = await k.newShop('Other shop');
    const args = {
      platform_type: 'ecomB',
      ecomB_store_url: woo.origin,
      ecomB_consumer_key: 'ck_q',
      ecomB_consumer_secret: 'cs_q',
    };
    await k.call(shop.token, 'connect_ecommerce', args);
    await call.ok('connect_ecommerce', { ...args, confirm: true });
    await call.ok('sync_products', { mode: 'full' });
    for (let i = 0; i < 300 && (await call.ok('get_product_sync_status')).sync_run.status === 'running'; i++)
      await sleep(20);
    productId = (await call.ok('get_product', { external_id: '1000' })).product.product_id;
    line = await connectedLine(k, shop.token);
  });
  after(async () => {
    await k?.close();
    await woo?.stop();
  });

  it('records a question; the same one within a day joins it', async () => {
    const first = await ask('¿Es de algodón orgánico?', {
      phone: '+34 600 700 800',
      customer_name: 'Ana',
      source: 'widget',
    });
    expect(first.joined).to.equal(false);
    expect(first.question).to.include({ status: 'pending', phone: '+34600700800', source: 'widget', duplicates: 0 });
    const again = await ask('es de ALGODON organico');
    expect(again).to.deep.include({ joined: true });
    expect(again.question).to.include({ question_id: first.question.question_id, duplicates: 1 });
    const bySku = await call.ok('submit_product_question', { sku: 'SKU-1001-S', question: 'Does it shrink?' });
    expect(bySku.question.product_id).to.not.equal(productId);
    await call.fails('submit_product_question', { product_id: productId, question: '?!' }, 'invalid_arguments');
    await call.fails(
      'submit_product_question',
      { product_id: productId, question: 'ok?', phone: 'call me' },
      'invalid_arguments',
    );
    await call.fails('submit_product_question', { sku: 'NOPE', question: 'Hello?' }, 'not_found');
    const { questions, count } = await call.ok('list_product_questions', { product_id: productId });
    expect(count).to.equal(1);
    expect(questions[0].question).to.equal('¿Es de algodón orgánico?');
  });

  it('answers the customer once over the messaging line, and publishes the answer as an FAQ', async () => {
    await customerWrites(k, shop.token, line.session_key, '+34600700800', 'Hola, pregunté por la camiseta');
    const { questions } = await call.ok('list_product_questions', { product_id: productId });
    const id = questions[0].question_id;
    const answered = await call.ok('answer_product_question', {
      question_id: id,
      answer: 'Sí, 100 % orgánico.',
      publish: true,
    });
    expect(answered.question).to.include({
      status: 'published',
      answer: 'Sí, 100 % orgánico.',
      notify_error: null,
      notified_via: 'whatsapp',
    });
    expect(answered.question.notified_at).to.be.a('string');
    const again = await call.ok('answer_product_question', {
      question_id: id,
      answer: 'Sí, 100 % orgánico certificado.',
    });
    expect(again.question.notified_at).to.equal(answered.question.notified_at);
    const { messages } = await call.ok('list_chatapp_messages', { phone: '+34600700800' });
    const sent = messages.filter((m: any) => m.direction === 'outbound' && /orgánico/.test(m.text));
    expect(sent).to.have.length(1);
    expect(sent[0].text).to.match(/^Camiseta roja 0: Sí, 100 % orgánico\.$/);
    const { product } = await call.ok('get_product', { product_id: productId });
    expect(product.faqs).to.deep.equal([]);
    await call.ok('update_product_question', { question_id: id, status: 'published' });
    expect((await call.ok('get_product', { product_id: productId })).product.faqs).to.deep.equal([
      { question_id: id, question: '¿Es de algodón orgánico?', answer: 'Sí, 100 % orgánico certificado.' },
    ]);
  });

  it('records why an answer could not be sent instead of failing', async () => {
    const noPhone = await ask('¿Viene en talla XL?');
    const answered = await call.ok('answer_product_question', {
      question_id: noPhone.question.question_id,
      answer: 'Sí.',
    });
    expect(answered.question).to.include({
      status: 'answered',
      notified_at: null,
      notify_error: 'the question has no phone or email to answer to',
    });
    await call.ok('add_chatapp_optout', { action: 'add', phone: '+34600999111', reason: 'asked not to be messaged' });
    const stranger = await ask('¿Cuándo llega?', { phone: '+34600999111' });
    const refused = await call.ok('answer_product_question', {
      question_id: stranger.question.question_id,
      answer: 'Mañana.',
    });
    expect(refused.question.notified_at).to.equal(null);
    expect(refused.question.notify_error).to.match(/opt/i);
  });

  it('keeps at most 5 FAQs per product, and unpublishes, rejects and deletes', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await ask(`Pregunta número ${i}`)).question.question_id);
    for (const id of ids.slice(0, 4))
      await call.ok('answer_product_question', {
        question_id: id,
        answer: 'Respuesta',
        publish: true,
        notify_customer: false,
      });
    const limit = await call.fails(
      'answer_product_question',
      { question_id: ids[4], answer: 'Respuesta', publish: true },
      'faq_limit_reached',
    );
    expect(limit.published_ids).to.have.length(5);
    await call.ok('update_product_question', { question_id: ids[0], status: 'answered' });
    await call.ok('update_product_question', { question_id: ids[4], answer: 'Otra', status: 'published' });
    expect((await call.ok('list_product_questions', { product_id: productId, status: 'published' })).count).to.equal(5);
    const pending = await ask('¿Pregunta sin respuesta?');
    await call.fails(
      'update_product_question',
      { question_id: pending.question.question_id, status: 'published' },
      'invalid_state',
    );
    await call.ok('update_product_question', { question_id: pending.question.question_id, status: 'rejected' });
    await call.fails(
      'answer_product_question',
      { question_id: pending.question.question_id, answer: 'x' },
      'invalid_state',
    );
    await call.fails('update_product_question', { question_id: pending.question.question_id }, 'invalid_arguments');
    await call.ok('delete_product_question', { question_id: pending.question.question_id });
    await call.fails('delete_product_question', { question_id: pending.question.question_id }, 'not_found');
    await call.fails('answer_product_question', { question_id: ids[1], answer: 'x' }, 'not_found', other);
    expect((await call.ok('list_product_questions', {}, other)).count).to.equal(0);
  });
});
