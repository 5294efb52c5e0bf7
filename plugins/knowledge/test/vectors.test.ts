import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { ok } from '../../../test/helpers/ops-kernel.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';

describe('knowledge: vectors from the shop’s embedding model, fused with full-text search', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let tick = 0;
  const call = (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args);
  const embed = () => k.scheduler.runTick('knowledge.embed-knowledge', new Date(Date.UTC(2004, 0, 1, 0, 0, tick++)));
  const texts = [
    { title: 'Shipping times', content: 'Orders arrive in two to three working days.' },
    { title: 'Returns', content: 'Returns are accepted within thirty days.' },
    { title: 'Gift wrapping', content: 'Gift wrapping is free at the checkout.' },
  ];

  before(async () => {
    fake = await new FakeOpenAi().start();
    k = await bootKernel({ groups: ['prompt', 'knowledge'], overrides: { network: { allowLoopback: true } } });
    shop = await k.newShop('Vector shop');
    await call('configure_ai_provider', {
      provider: 'openai_compatible',
      base_url: fake.baseUrl,
      api_key: fake.apiKey,
      chat_model: 'fake-chat',
      embedding_model: 'fake-embed',
    });
    for (const t of texts) await call('create_knowledge_snippet', t);
  });
  after(async () => {
    await k?.close();
    await fake?.close();
  });

  it('the job embeds every snippet outside any transaction; search then fuses vectors with words', async () => {
    const before = await call('search_knowledge', { query: 'Returns' });
    expect(before).to.deep.include({
      method: 'fts',
      vectors: { model: 'fake-embed', used: false, reason: 'nothing embedded yet' },
    });
    fake.requests.length = 0;
    expect(await embed()).to.equal('ran');
    const batches = fake.requests.filter((r) => r.path === '/v1/embeddings');
    expect(batches).to.have.length(1);
    expect(batches[0]!.body.input).to.have.length(3);
    expect((await call('get_knowledge_settings')).embeddings).to.deep.equal({
      model: 'fake-embed',
      dims: 8,
      indexed: 3,
      stale: 0,
    });
    const exact = `${texts[2]!.title}\n${texts[2]!.content}`;
    const answer = await call('search_knowledge', { query: exact });
    expect(answer).to.deep.include({ method: 'hybrid', vectors: { model: 'fake-embed', used: true, reason: null } });
    expect(answer.results[0]).to.include({ title: 'Gift wrapping', method: 'hybrid' });
    expect(answer.results[0].score).to.be.closeTo(1, 0.001);
    expect(await embed(), 'nothing left to embed').to.equal('ran');
    expect(fake.requests.filter((r) => r.path === '/v1/embeddings')).to.have.length(2);
  });

  it('an edited snippet is embedded again; a failing provider leaves the search lexical and says why', async () => {
    const { snippets } = await call('list_knowledge_snippets', { query: 'Returns' });
    await call('update_knowledge_snippet', { id: snippets[0].id, content: 'Returns are accepted within sixty days.' });
    expect((await call('get_knowledge_settings')).embeddings.stale).to.equal(1);
    await embed();
    expect((await call('get_knowledge_settings')).embeddings).to.include({ indexed: 3, stale: 0 });
    fake.queue({ fail: 500 }, { fail: 500 });
    const answer = await call('search_knowledge', { query: 'returns sixty days' });
    expect(answer).to.deep.include({
      method: 'fts',
      vectors: { model: 'fake-embed', used: false, reason: 'ai_provider_unavailable' },
    });
    expect(answer.results[0].title).to.equal('Returns');
  });

  it('a new embedding model with other dimensions never mixes with the old vectors', async () => {
    fake.dimensions = 12;
    await call('configure_ai_provider', { provider: 'openai_compatible', embedding_model: 'fake-embed-large' });
    const meanwhile = await call('search_knowledge', { query: 'gift wrapping' });
    expect(meanwhile.vectors).to.deep.equal({
      model: 'fake-embed-large',
      used: false,
      reason: 'nothing embedded yet',
    });
    expect(meanwhile.results[0].title, 'full-text search answers throughout').to.equal('Gift wrapping');
    await embed();
    expect((await call('get_knowledge_settings')).embeddings).to.deep.equal({
      model: 'fake-embed-large',
      dims: 12,
      indexed: 3,
      stale: 0,
    });
    const [{ n }] = await k.orm.em
      .fork()
      .getConnection()
      .execute('select count(*)::int as n from knowledge_embeddings where shop_id = ? and model <> ?', [
        shop.shopId,
        'fake-embed-large',
      ]);
    expect(n, 'the old model’s vectors are gone').to.equal(0);
    expect((await call('search_knowledge', { query: 'gift wrapping' })).vectors.used).to.equal(true);
  });

  it('a document’s chunks are embedded after the snippets, and a search finds a passage by its vector', async () => {
    const { document } = await call('add_knowledge_document', {
      title: 'Care guide',
      format: 'markdown',
      content: '# Care\nWash the linen cover at forty degrees.\n\n# Storage\nKeep the cushions dry in winter.',
    });
    expect((await call('get_knowledge_settings')).embeddings).to.include({ indexed: 3, stale: 2 });
    fake.requests.length = 0;
    await embed();
    expect(fake.requests.filter((r) => r.path === '/v1/embeddings')[0]!.body.input).to.deep.equal([
      'Care\nWash the linen cover at forty degrees.',
      'Storage\nKeep the cushions dry in winter.',
    ]);
    expect((await call('get_knowledge_settings')).embeddings).to.include({ indexed: 5, stale: 0 });
    const answer = await call('search_knowledge', { query: 'Storage\nKeep the cushions dry in winter.' });
    expect(answer.vectors.used).to.equal(true);
    expect(answer.results[0]).to.deep.include({
      source: 'document',
      document_id: document.id,
      heading_path: ['Storage'],
      method: 'hybrid',
    });
    expect(answer.results[0].score).to.be.closeTo(1, 0.001);
    const vectorsOnly = await call('search_knowledge', {
      query: 'Storage\nKeep the cushions dry in winter.',
      sources: ['snippets'],
    });
    expect(vectorsOnly.results.every((r: any) => r.source === 'snippet')).to.equal(true);
  });

  it('hybrid_weight is a setting from 0 to 1', async () => {
    expect((await call('update_knowledge_settings', { hybrid_weight: 0.8 })).settings.hybrid_weight).to.equal(0.8);
  });
});
