import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok, rows } from '../../../test/helpers/ops-kernel.js';

describe('stats: the assistant’s model calls', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };

  before(async () => {
    k = await bootKernel({ groups: ['prompt', 'stats'] });
    shop = await k.newShop('AI usage shop');
    // Usage rows as the runtime writes them: three this week, one forty days ago.
    await rows(
      k,
      `insert into ai_usage (shop_id, surface, task, engine, source, model, input_tokens, output_tokens, latency_ms, attempts, outcome, created_at)
       values (?, 'dashboard', 'chat', 'openai_compatible', 'shop', 'm', 100, 20, 300, 1, 'ok', now()),
              (?, 'ticket', 'task', 'openai_compatible', 'shop', 'm', 50, 10, 200, 1, 'ok', now() - interval '1 day'),
              (?, 'ticket', 'task', 'openai_compatible', 'shop', 'm', 0, 0, 5000, 2, 'ai_timeout', now() - interval '2 days'),
              (?, 'email', 'task', 'openai_compatible', 'shop', 'm', 999, 999, 100, 1, 'ok', now() - interval '40 days')`,
      [shop.shopId, shop.shopId, shop.shopId, shop.shopId],
    );
  });
  after(async () => {
    await k?.close();
  });

  it('calls, failures, tokens and latency per surface and task, with the engine answering now', async () => {
    const week = await ok(k, shop.token, 'get_ai_usage_stats', { period: '7d' });
    expect(week.engine).to.equal('builtin');
    expect(week.totals).to.deep.equal({ calls: 3, failed: 1, input_tokens: 150, output_tokens: 30 });
    expect(week.by_surface).to.deep.equal([
      {
        surface: 'ticket',
        task: 'task',
        calls: 2,
        failed: 1,
        input_tokens: 50,
        output_tokens: 10,
        average_latency_ms: 2600,
      },
      {
        surface: 'dashboard',
        task: 'chat',
        calls: 1,
        failed: 0,
        input_tokens: 100,
        output_tokens: 20,
        average_latency_ms: 300,
      },
    ]);
    expect((await ok(k, shop.token, 'get_ai_usage_stats', { period: '90d' })).totals.calls).to.equal(4);
    const csv = await ok(k, shop.token, 'export_stats_csv', { report: 'ai', period: '7d' });
    expect(csv.csv.split('\r\n')[0]).to.equal(
      'surface,task,calls,failed,input_tokens,output_tokens,average_latency_ms',
    );
    expect(csv.rows).to.equal(2);
  });

  it('another shop sees none of it; without the prompt group the report says so', async () => {
    const other = await k.newShop('Other AI usage');
    expect((await ok(k, other.token, 'get_ai_usage_stats', { period: '90d' })).totals.calls).to.equal(0);
    const bare = await bootKernel({ groups: ['stats'] });
    try {
      const lone = await bare.newShop('No AI');
      await fails(bare, lone.token, 'get_ai_usage_stats', {}, 'group_not_enabled');
    } finally {
      await bare.close();
    }
  });
});
