import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';

describe('knowledge: training suggestions from ticket resolutions and agents’ corrections', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const call = (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args);
  const resolved = async (title: string, body: string, phone: string) => {
    const { ticket } = await call('create_ai_ticket', { action: 'create', title, phone });
    await call('add_ai_ticket_agent_resolution', { action: 'add', ticket_id: ticket.id, body });
  };

  before(async () => {
    k = await bootKernel({ groups: ['prompt', 'agents', 'customers', 'tickets', 'knowledge'] });
    shop = await k.newShop('Suggestions shop');
    await resolved(
      'Where is my order?',
      'Orders ship within 24 hours; the tracking link comes by email.',
      '+34611000001',
    );
    await resolved(
      'where is my order??',
      'Orders ship within 24 hours and the tracking link is emailed.',
      '+34611000002',
    );
    await resolved(
      'Do you ship to the Canary Islands?',
      'Yes, in 5 days; customs are paid on delivery.',
      '+34611000003',
    );
    await call('record_ai_feedback', {
      surface: 'ai_chat_app',
      rating: 'bad',
      correction: 'We never ship on Sundays.',
      category: 'policy',
    });
    await call('record_ai_feedback', {
      surface: 'ai_chat_app',
      rating: 'bad',
      correction: 'Do not use emoji.',
      category: 'tone',
    });
  });
  after(() => k?.close());

  it('mines each source once: the same question counts again on its suggestion; levels by kind', async () => {
    expect(await call('generate_training_suggestions', { days: 7 })).to.deep.include({
      examined: 5,
      created: 4,
      merged: 1,
    });
    expect(await call('generate_training_suggestions')).to.deep.include({ examined: 0, created: 0, merged: 0 });
    const { suggestions, total } = await call('list_training_suggestions', { status: 'open' });
    expect(total).to.equal(4);
    expect(suggestions[0]).to.include({ question: 'Where is my order?', source_count: 2, level: 'snippet' });
    const byQuestion = Object.fromEntries(suggestions.map((s: any) => [s.question, s.level]));
    expect(byQuestion).to.deep.include({
      'Do you ship to the Canary Islands?': 'snippet',
      'We never ship on Sundays.': 'snippet',
      'Do not use emoji.': 'prompt',
    });
    const detail = await call('get_training_suggestion', { suggestion_id: suggestions[0].id });
    expect(detail.observations.map((o: any) => o.source)).to.deep.equal(['ticket', 'ticket']);
    expect(detail.observations[0].excerpt).to.match(/^Orders ship within 24 hours/);
  });

  it('apply asks the agent first; a snippet suggestion creates one active snippet, once', async () => {
    const { suggestions } = await call('list_training_suggestions', { level: 'snippet' });
    const order = suggestions.find((s: any) => s.question === 'Where is my order?');
    await call('update_training_suggestion', {
      suggestion_id: order.id,
      answer: 'Orders ship within 24 hours; you get the tracking link by email.',
    });
    const first = (await k.call(shop.token, 'apply_training_suggestion', { action: 'apply', suggestion_id: order.id }))
      .payload;
    expect(first).to.include({ success: false, requires_confirmation: true });
    expect(first.summary).to.match(/create the active knowledge snippet “Where is my order\?” from 2 sources/);
    expect((await call('list_knowledge_snippets')).total, 'nothing written before the confirmation').to.equal(0);
    const done = await call('apply_training_suggestion', { action: 'apply', suggestion_id: order.id, confirm: true });
    expect(done.suggestion).to.include({ status: 'applied' });
    const snippet = (await call('get_knowledge_snippet', { id: done.suggestion.created_snippet_id })).snippet;
    expect(snippet).to.include({
      status: 'active',
      source: 'suggestion',
      kind: 'faq',
      question: 'Where is my order?',
      content: 'Orders ship within 24 hours; you get the tracking link by email.',
    });
    const again = await fails(
      k,
      shop.token,
      'apply_training_suggestion',
      { action: 'apply', suggestion_id: order.id, confirm: true },
      'invalid_state',
    );
    expect(again).to.not.have.property('requires_confirmation');
    await fails(k, shop.token, 'apply_training_suggestion', { action: 'apply', suggestion_id: 999_999 }, 'not_found');
  });

  it('a prompt suggestion adds its rule to the base prompt as a new version', async () => {
    const { suggestions } = await call('list_training_suggestions', { level: 'prompt' });
    await k.call(shop.token, 'apply_training_suggestion', { action: 'apply', suggestion_id: suggestions[0].id });
    const done = await call('apply_training_suggestion', {
      action: 'apply',
      suggestion_id: suggestions[0].id,
      confirm: true,
    });
    expect(done.suggestion.created_prompt_version).to.equal(1);
    const { prompt } = await call('get_prompt');
    expect(prompt).to.include({ version: 1, source: 'suggestion', note: `training suggestion ${suggestions[0].id}` });
    expect(prompt.text.split('\n').at(-1)).to.equal('- Do not use emoji.');
  });

  it('a dismissed suggestion never comes back; a closed one cannot be edited', async () => {
    const { suggestions } = await call('list_training_suggestions', { status: 'open' });
    const canary = suggestions.find((s: any) => s.question.startsWith('Do you ship'));
    await call('dismiss_training_suggestion', { suggestion_id: canary.id, reason: 'Seasonal' });
    await resolved('Do you ship to the canary islands', 'Yes, 5 days.', '+34611000004');
    expect(await call('generate_training_suggestions')).to.deep.include({ examined: 1, created: 0, merged: 1 });
    const after = (await call('get_training_suggestion', { suggestion_id: canary.id })).suggestion;
    expect(after).to.include({ status: 'dismissed', status_reason: 'Seasonal', source_count: 2 });
    await fails(
      k,
      shop.token,
      'update_training_suggestion',
      { suggestion_id: canary.id, answer: 'x' },
      'invalid_state',
    );
    await fails(k, shop.token, 'dismiss_training_suggestion', { suggestion_id: canary.id }, 'invalid_state');
    await fails(k, shop.token, 'update_training_suggestion', { suggestion_id: canary.id }, 'invalid_arguments');
  });
});
