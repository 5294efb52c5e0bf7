import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { ok, rows } from '../../../test/helpers/ops-kernel.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';

const CALLS = 250;
const TIMEOUT_MS = 2_000;

/**
 * The runtime against a provider that fails 10% of requests (429 with retry-after, 500, 503, in
 * turn, from a seeded generator): with the default policy (one retry) a call fails only when both
 * of its attempts do, every call ends within its deadline, and every call's attempts are what the
 * policy says for the answers it got.
 */
describe('prompt: the AI runtime against a provider failing 10% of requests', function () {
  this.timeout(120_000);
  let fake: FakeOpenAi;
  let k: TestKernel;
  let shop: { shopId: number; token: string };

  before(async () => {
    fake = await new FakeOpenAi().start();
    k = await bootKernel({
      groups: ['prompt'],
      overrides: { network: { allowLoopback: true }, groups: { service_probe: serviceProbe } },
    });
    shop = await k.newShop('Chaos shop');
    await ok(k, shop.token, 'configure_ai_provider', {
      provider: 'openai_compatible',
      base_url: fake.baseUrl,
      api_key: fake.apiKey,
      chat_model: 'fake-chat',
      timeout_ms: TIMEOUT_MS,
    });
  });
  after(async () => {
    await k?.close();
    await fake?.close();
  });

  it('succeeds unless both attempts fail, ends within the deadline, and retries exactly as the policy says', async () => {
    fake.chaos(0.1, 15);
    const outcomes: { ok: boolean; ms: number; code?: string }[] = [];
    for (let i = 0; i < CALLS; i++) {
      const started = Date.now();
      try {
        await inShop(
          k,
          shop.shopId,
          ({ services }) =>
            services.promptAiService.chat({
              surface: 'dashboard',
              task: 'task',
              messages: [{ role: 'user', content: 'Hi' }],
            }),
          false,
        );
        outcomes.push({ ok: true, ms: Date.now() - started });
      } catch (err) {
        outcomes.push({ ok: false, ms: Date.now() - started, code: (err as { code?: string }).code });
      }
    }
    const usage = await rows(k, 'select attempts, outcome from ai_usage where shop_id = ? order by id', [shop.shopId]);
    expect(usage).to.have.length(CALLS);
    // Replay the provider's answers through the policy: each call takes one request, and a second when the first failed.
    let next = 0;
    for (const [i, row] of usage.entries()) {
      const first = fake.chaosLog[next++]!;
      const expected =
        first === 200
          ? { attempts: 1, outcome: 'ok' }
          : fake.chaosLog[next++] === 200
            ? { attempts: 2, outcome: 'ok' }
            : { attempts: 2, outcome: 'ai_provider_unavailable' };
      expect({ attempts: row.attempts, outcome: row.outcome }, `call ${i}`).to.deep.equal(expected);
    }
    expect(next).to.equal(fake.chaosLog.length);
    const succeeded = outcomes.filter((o) => o.ok).length / CALLS;
    if (process.env.AI_RESILIENCE_REPORT)
      console.log(
        `${CALLS} calls, ${fake.chaosLog.length} requests, ${fake.chaosLog.filter((s) => s !== 200).length} failed; ` +
          `succeeded ${(succeeded * 100).toFixed(1)}%, slowest ${Math.max(...outcomes.map((o) => o.ms))} ms`,
      );
    expect(succeeded).to.be.at.least(0.985);
    expect(Math.max(...outcomes.map((o) => o.ms))).to.be.below(TIMEOUT_MS * 1.1);
    expect(outcomes.filter((o) => !o.ok).every((o) => o.code === 'ai_provider_unavailable')).to.equal(true);
  });
});
