import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';
import { caller } from './helpers.js';
import { allLogs, bootCampaigns, listWith, marketingLine, sandboxOutbound, untilStatus } from './campaign-helpers.js';

/** What the fake model does with a translation request: the target language in front, the text kept. */
function translating(body: any): string {
  const asked: string = body.messages.at(-1).content;
  const [, target, text] = asked.match(/^Translate from \S+ (?:\S+ )?to (\w+):\n\n([\s\S]*)$/) ?? [];
  return JSON.stringify({ text: `[${target}] ${text}` });
}

describe('mass_marketing: translations by the prompt group’s AI runtime (the translator port it registers)', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  let k: TestKernel;

  before(async () => {
    fake = await new FakeOpenAi().start();
    fake.respond = translating;
    k = await bootCampaigns({ groups: ['prompt'], server: { network: { allowLoopback: true } } });
  });
  after(async () => {
    await k?.close();
    await fake?.close();
  });

  const shopWithCampaign = async (name: string, phones: string[], provider: boolean) => {
    const { shopId, token } = await k.shops.create({ name, credits: 100_000, locale: 'es-ES' });
    const c = caller(k, token);
    if (provider)
      await c.ok('configure_ai_provider', {
        provider: 'openai_compatible',
        base_url: fake.baseUrl,
        api_key: fake.apiKey,
        chat_model: 'fake-chat',
        task_model: 'fake-task',
      });
    await marketingLine(k, token);
    const { campaign } = await c.ok('create_campaign', {
      action: 'create',
      name: 'Translated',
      message_text: 'Hola {nombre}, novedades de {tienda}',
      list_id: await listWith(c, phones),
      translate_by_prefix: true,
    });
    return { shopId, c, campaign };
  };

  it('translates each language once on the task model, keeps the placeholders, and meters the calls', async () => {
    const germans = ['+4915112349001', '+4915112349002', '+4915112349003'];
    const { shopId, c, campaign } = await shopWithCampaign('Provider translations', [...germans, '+33612349004'], true);
    fake.requests.length = 0;
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await untilStatus(c, campaign.id, 'completed');
    const chats = fake.requests.filter((r) => r.path === '/v1/chat/completions');
    expect(chats.map((r) => r.body.model)).to.deep.equal(['fake-task', 'fake-task']);
    expect(chats.map((r) => r.body.messages.at(-1).content.match(/to (\w+):/)[1]).sort()).to.deep.equal(['de', 'fr']);
    const sent = await sandboxOutbound(k, shopId);
    expect(sent.find((m) => m.peer_phone === germans[2])!.text).to.match(
      /^\[de\] Hola Contact 2, novedades de Provider translations\n/,
    );
    const logs = await allLogs(c, campaign.id);
    expect(logs.map((l) => l.translation).sort()).to.deep.equal([
      'translated to de',
      'translated to de',
      'translated to de',
      'translated to fr',
    ]);
    const usage = await c.ok('get_ai_provider');
    expect(usage.month_usage.calls).to.equal(2);
  });

  it('on the built-in engine the text goes out in the original and the log says no provider is configured', async () => {
    const { c, campaign } = await shopWithCampaign('Built-in translations', ['+4915112349011'], false);
    fake.requests.length = 0;
    await c.ok('start_campaign', { campaign_id: campaign.id });
    await untilStatus(c, campaign.id, 'completed');
    expect(fake.requests).to.deep.equal([]);
    const [log] = await allLogs(c, campaign.id);
    expect(log.translation).to.equal(
      'skipped: no translation provider is configured; sent in the original text instead of de',
    );
  });
});
