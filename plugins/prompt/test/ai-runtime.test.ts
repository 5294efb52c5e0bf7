import { expect } from 'chai';
import { Type } from '../../../core/index.js';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';

const KEY = 'sk-test-fake-key';

describe('prompt: the AI runtime against a local OpenAI-compatible server', function () {
  this.timeout(60_000);

  let fake: FakeOpenAi;
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  /** A chat through the shop's runtime, as another group's query would make it. */
  const chat = (request: Record<string, unknown> = {}) =>
    inShop(
      k,
      shop.shopId,
      ({ services }) =>
        services.promptAiService.chat({
          surface: 'dashboard',
          task: 'task',
          messages: [{ role: 'user', content: 'Hello' }],
          ...request,
        }),
      false,
    );
  const failure = (work: Promise<unknown>) =>
    work.then(
      () => expect.fail('expected the call to fail'),
      (err) => err,
    );

  before(async () => {
    fake = await new FakeOpenAi().start();
    k = await bootKernel({
      groups: ['prompt', 'activity'],
      overrides: {
        network: { allowLoopback: true },
        groups: { prompt: { enabled: true, config: { ai: { timeoutMs: 5_000 } } }, service_probe: serviceProbe },
      },
    });
    shop = await k.newShop('AI shop');
  });
  after(async () => {
    await k?.close();
    await fake?.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.reply = 'OK';
  });

  it('the built-in engine is the default, labelled, and a model task says a provider is needed', async () => {
    const provider = await call.ok('get_ai_provider');
    expect(provider).to.deep.include({ engine: 'builtin', source: 'installation', base_url_host: null });
    expect(provider.notice).to.match(/^Built-in engine/);
    await call.fails('test_ai_provider', {}, 'ai_provider_required');
    expect((await failure(chat())).code).to.equal('ai_provider_required');
    expect(fake.requests).to.deep.equal([]);
  });

  it('a shop’s own provider: checked, the key sealed and never shown, a test call with real answers', async () => {
    await call.fails(
      'configure_ai_provider',
      { provider: 'openai_compatible', base_url: fake.baseUrl },
      'invalid_arguments',
    );
    await call.fails(
      'configure_ai_provider',
      { provider: 'openai_compatible', base_url: 'http://10.1.2.3/v1', api_key: KEY, chat_model: 'fake-chat' },
      'url_not_allowed',
    );
    const configured = await call.ok('configure_ai_provider', {
      provider: 'openai_compatible',
      base_url: fake.baseUrl,
      api_key: KEY,
      chat_model: 'fake-chat',
      task_model: 'fake-task',
      embedding_model: 'fake-embed',
    });
    expect(configured).to.deep.include({
      engine: 'openai_compatible',
      source: 'shop',
      notice: null,
      api_key_last4: KEY.slice(-4),
      base_url_host: new URL(fake.baseUrl).host,
    });
    expect(JSON.stringify(configured)).not.to.include(KEY);
    const [stored] = await rows(k, 'select api_key_sealed from ai_provider_settings where shop_id = ?', [shop.shopId]);
    expect(stored.api_key_sealed).to.be.a('string').and.not.include(KEY);
    // The audit log has the calls, with the key redacted.
    const audit = await rows(
      k,
      `select arguments::text as a from activity_entries where shop_id = ? and tool = 'configure_ai_provider'`,
      [shop.shopId],
    );
    expect(audit).to.have.length(3);
    for (const entry of audit) expect(entry.a).not.to.include(KEY);

    fake.reply = '{"ok": true}';
    const test = await call.ok('test_ai_provider');
    expect(test.models).to.include({ ok: true, error_code: null });
    expect(test.models.listed).to.deep.equal(['fake-chat', 'fake-task', 'fake-embed']);
    expect(test.chat).to.include({ ok: true, model: 'fake-chat', json_schema: true });
    expect(test.embeddings).to.include({ ok: true, model: 'fake-embed', dimensions: 8 });
    const sent = fake.requests.find((r) => r.path === '/v1/chat/completions')!;
    expect(sent.headers.authorization).to.equal(`Bearer ${KEY}`);
    expect(sent.body.response_format.type).to.equal('json_schema');
    const usage = await rows(
      k,
      'select surface, task, engine, source, model, outcome, attempts, input_tokens from ai_usage where shop_id = ? order by id',
      [shop.shopId],
    );
    expect(usage.map((u: any) => [u.task, u.model, u.outcome, u.attempts])).to.deep.equal([
      ['chat', 'fake-chat', 'ok', 1],
      ['embedding', 'fake-embed', 'ok', 1],
    ]);
    expect(usage[0]).to.include({ surface: 'dashboard', engine: 'openai_compatible', source: 'shop' });
    expect((await call.ok('get_ai_provider')).month_usage.calls).to.equal(2);
  });

  it('429 with retry-after and a body that is not JSON are retried; a refused key is not', async () => {
    fake.queue({ fail: 429, retryAfterSeconds: 0 });
    const answer = await chat();
    expect(answer).to.include({ text: 'OK', model: 'fake-task', attempts: 2, engine: 'openai_compatible' });
    fake.queue({ malformed: true });
    expect((await chat()).attempts).to.equal(2);
    fake.queue({ fail: 500 }, { fail: 503 });
    const down = await failure(chat());
    expect(down.code).to.equal('ai_provider_unavailable');
    expect(down.details).to.include({ http_status: 503, attempts: 2 });
    fake.requests.length = 0;
    fake.apiKey = 'sk-another-key';
    try {
      const refused = await failure(chat());
      expect(refused.code).to.equal('ai_provider_auth_failed');
      expect(fake.requests).to.have.length(1);
    } finally {
      fake.apiKey = KEY;
    }
    const outcomes = await rows(
      k,
      'select outcome, attempts from ai_usage where shop_id = ? order by id desc limit 2',
      [shop.shopId],
    );
    expect(outcomes).to.deep.equal([
      { outcome: 'ai_provider_auth_failed', attempts: 1 },
      { outcome: 'ai_provider_unavailable', attempts: 2 },
    ]);
  });

  it('the deadline covers the whole call, retries included', async () => {
    fake.queue({ delayMs: 3_000 });
    const started = Date.now();
    const late = await failure(chat({ timeoutMs: 1_000 }));
    const took = Date.now() - started;
    expect(late.code).to.equal('ai_timeout');
    expect(late.details.timeout_ms).to.equal(1_000);
    // The server would answer after 3 s; the call ends at its 1 s deadline (with room for a loaded machine).
    expect(took).to.be.within(900, 2_000);
    // A retry-after longer than what is left is not waited for.
    fake.queue({ fail: 429, retryAfterSeconds: 30 });
    const started2 = Date.now();
    expect((await failure(chat({ timeoutMs: 2_000 }))).code).to.equal('ai_provider_unavailable');
    expect(Date.now() - started2).to.be.below(1_500);
  });

  it('JSON is checked here: an ignored response_format gets one repair turn, then ai_invalid_output', async () => {
    const schema = Type.Object({ category: Type.String() }, { additionalProperties: false });
    fake.queue({ content: 'Sure! The category is shipping.' }, { content: '```json\n{"category": "shipping"}\n```' });
    const repaired = await chat({ schema });
    expect(repaired).to.deep.include({ data: { category: 'shipping' }, repaired: true });
    expect(fake.requests.at(-1)!.body.messages.at(-1).content).to.match(/JSON Schema/);
    fake.queue({ content: 'shipping' }, { content: '{"category": 3}' });
    expect((await failure(chat({ schema }))).code).to.equal('ai_invalid_output');
  });

  it('the monthly token budget stops calls before they reach the provider', async () => {
    await call.ok('configure_ai_provider', { provider: 'openai_compatible', monthly_token_budget: 1 });
    fake.requests.length = 0;
    const over = await failure(chat());
    expect(over.code).to.equal('ai_budget_exceeded');
    expect(over.details.monthly_token_budget).to.equal(1);
    expect(fake.requests).to.deep.equal([]);
    await call.ok('configure_ai_provider', { provider: 'openai_compatible', monthly_token_budget: null });
    expect((await chat()).text).to.equal('OK');
  });

  it('a model call inside a database transaction is refused', async () => {
    const err = await failure(
      inShop(k, shop.shopId, ({ services }) =>
        services.promptAiService.chat({ surface: 'ticket', task: 'task', messages: [{ role: 'user', content: 'x' }] }),
      ),
    );
    expect(err.code).to.equal('PRM_ERR_MODEL_IN_TRANSACTION');
  });

  it('builtin at the shop overrides the installation’s provider; another shop keeps the installation’s', async () => {
    const installed = await bootKernel({
      groups: ['prompt'],
      overrides: {
        groups: {
          prompt: {
            enabled: true,
            config: {
              ai: { provider: 'openai_compatible', baseUrl: fake.baseUrl, apiKey: KEY, chatModel: 'fake-chat' },
            },
          },
        },
      },
    });
    try {
      const a = await installed.newShop('Installation user');
      const b = await installed.newShop('Builtin by choice');
      expect(await ok(installed, a.token, 'get_ai_provider')).to.deep.include({
        engine: 'openai_compatible',
        source: 'installation',
        api_key_last4: KEY.slice(-4),
      });
      fake.reply = '{"ok": true}';
      expect((await ok(installed, a.token, 'test_ai_provider')).chat.ok).to.equal(true);
      await ok(installed, b.token, 'configure_ai_provider', { provider: 'builtin' });
      expect(await ok(installed, b.token, 'get_ai_provider')).to.deep.include({ engine: 'builtin', source: 'shop' });
      expect((await ok(installed, a.token, 'get_ai_provider')).engine).to.equal('openai_compatible');
    } finally {
      await installed.close();
    }
  });
});
