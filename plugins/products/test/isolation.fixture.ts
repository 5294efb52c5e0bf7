import type { IsolationFixture } from '../../../test/harness/isolation.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { PrestaShopFake } from '../../../test/helpers/storefronts/prestashop-fake.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';

const KEY = 'ISOLATIONPRODUCTSKEY123456789012';
let store: PrestaShopFake | undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Shop A connects a PrestaShop fake, syncs its catalogue and records a customer's question. Shop B
 * aims at A's product, sync run and question: not found; its own lists and search are empty.
 */
const fixture: IsolationFixture = {
  groups: ['integrations', 'products'],
  groupConfig: async () => {
    store ??= await new PrestaShopFake(StoreData.seed({ products: 4, customers: 1, orders: 1 }), { key: KEY }).start();
    return {};
  },
  network: async () => ({ trustedCaPem: fakeCertificate().certPem }),
  seed: async (callAsA) => {
    await callAsA('connect_ecommerce', { platform_type: 'ecomC', ecomC_store_url: store!.origin, ecomC_api_key: KEY });
    const { sync_run } = await callAsA('sync_products', { mode: 'full' });
    for (let i = 0; i < 300; i++) {
      if (
        (await callAsA('get_product_sync_status', { sync_run_id: sync_run.sync_run_id })).sync_run.status !== 'running'
      )
        break;
      await sleep(20);
    }
    const { products } = await callAsA('list_products');
    const { question } = await callAsA('submit_product_question', {
      product_id: products[0].product_id,
      question: 'Is it waterproof?',
      phone: '+34600111222',
    });
    return { productId: products[0].product_id, runId: sync_run.sync_run_id, questionId: question.question_id };
  },
  probes: (seed) => [
    { tool: 'get_product', args: { product_id: seed.productId }, expect: 'not_found' },
    { tool: 'update_product_notes', args: { product_id: seed.productId, ai_notes: 'B was here' }, expect: 'not_found' },
    { tool: 'get_product_sync_status', args: { sync_run_id: seed.runId }, expect: 'not_found' },
    { tool: 'check_product_availability', args: { product_id: seed.productId, live: false }, expect: 'not_found' },
    { tool: 'list_products', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'submit_product_question',
      args: { product_id: seed.productId, question: 'B asks', phone: '+34600111333' },
      expect: 'not_found',
    },
    {
      tool: 'answer_product_question',
      args: { question_id: seed.questionId, answer: 'B answers' },
      expect: 'not_found',
    },
    {
      tool: 'update_product_question',
      args: { question_id: seed.questionId, status: 'rejected' },
      expect: 'not_found',
    },
    { tool: 'delete_product_question', args: { question_id: seed.questionId }, expect: 'not_found' },
    {
      tool: 'list_product_questions',
      args: { product_id: seed.productId },
      expect: 'empty',
      isEmpty: (p) => p.count === 0,
    },
    { tool: 'search_products', args: { query: 'camiseta' }, expect: 'empty', isEmpty: (p) => p.count === 0 },
  ],
  snapshot: async (callAsA, seed) => ({
    product: (await callAsA('get_product', { product_id: seed.productId })).product.ai_notes,
    count: (await callAsA('list_products')).count,
    questions: (await callAsA('list_product_questions')).questions.map((q: any) => [q.status, q.question, q.phone]),
  }),
  exempt: {},
};

export default fixture;
