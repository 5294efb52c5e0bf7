import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';

describe('prompt: the assistant’s prompt, instructions and learning', function () {
  this.timeout(60_000);
  let fake: FakeOpenAi;
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const newShop = async (name: string) => {
    shop = await k.newShop(name);
  };

  before(async () => {
    fake = await new FakeOpenAi().start();
    k = await bootKernel({ groups: ['prompt'], overrides: { network: { allowLoopback: true } } });
  });
  after(async () => {
    await k?.close();
    await fake?.close();
  });

  describe('get_prompt, save_prompt, versions', () => {
    before(() => newShop('Prompt shop'));

    it('a new shop has the default base prompt (version 0) and no surface additions', async () => {
      const { prompt, effective } = await call.ok('get_prompt');
      expect(prompt).to.include({ surface: 'all', version: 0, source: 'default', created_at: null });
      expect(prompt.text).to.match(/^You are the customer assistant of Prompt shop\./);
      expect(effective).to.deep.include({ text: prompt.text, base_version: 0, surface_version: null, rules: [] });
      const ticket = await call.ok('get_prompt', { surface: 'ticket' });
      expect(ticket.prompt).to.include({ version: 0, text: '' });
      expect(ticket.effective).to.include({ text: prompt.text, surface_version: 0 });
    });

    it('saves versions, refuses a stale expected_version with conflict, and saves nothing for the same text', async () => {
      const first = await call.ok('save_prompt', { prompt: '  You sell bicycles.\r\nBe brief. ', expected_version: 0 });
      expect(first).to.deep.include({ changed: true, previous_version: 0 });
      expect(first.prompt).to.include({ version: 1, text: 'You sell bicycles.\nBe brief.', source: 'save' });
      const second = await call.ok('save_prompt', { prompt: 'You sell bicycles and helmets.', note: 'helmets' });
      expect(second.prompt).to.include({ version: 2, note: 'helmets' });
      const stale = await call.fails(
        'save_prompt',
        { prompt: 'Edited from version 1', expected_version: 1 },
        'conflict',
      );
      expect(stale).to.include({ current_version: 2, expected_version: 1 });
      const same = await call.ok('save_prompt', { prompt: 'You sell bicycles and helmets.' });
      expect(same).to.deep.include({ changed: false, previous_version: 2 });
      expect(same.prompt.version).to.equal(2);
      await call.fails('save_prompt', { prompt: '   ' }, 'invalid_arguments');
      await call.fails('save_prompt', { prompt: 'x'.repeat(20_001) }, 'invalid_arguments');
      expect((await call.ok('get_prompt', { version: 1 })).prompt.text).to.equal('You sell bicycles.\nBe brief.');
      await call.fails('get_prompt', { version: 9 }, 'not_found');
    });

    it('a surface addition joins the base prompt on that surface only; an empty one removes it', async () => {
      await call.ok('save_prompt', { surface: 'ticket', prompt: 'On tickets, sign as the support team.' });
      const ticket = await call.ok('get_prompt', { surface: 'ticket' });
      expect(ticket.effective.text).to.equal('You sell bicycles and helmets.\n\nOn tickets, sign as the support team.');
      expect((await call.ok('get_prompt', { surface: 'email' })).effective.text).to.equal(
        'You sell bicycles and helmets.',
      );
      const cleared = await call.ok('save_prompt', { surface: 'ticket', prompt: '' });
      expect(cleared.prompt).to.include({ version: 2, text: '' });
      expect((await call.ok('get_prompt', { surface: 'ticket' })).effective.text).to.equal(
        'You sell bicycles and helmets.',
      );
    });

    it('lists versions newest first and restores one as a new version', async () => {
      const { versions, total } = await call.ok('list_prompt_versions', { limit: 1 });
      expect(total).to.equal(2);
      expect(versions).to.have.length(1);
      expect(versions[0]).to.include({ version: 2, note: 'helmets', source: 'save', characters: 30 });
      const restored = await call.ok('restore_prompt_version', { version: 1 });
      expect(restored.prompt).to.include({
        version: 3,
        source: 'restore',
        restored_from: 1,
        note: 'restored version 1',
      });
      expect(restored.prompt.text).to.equal('You sell bicycles.\nBe brief.');
      await call.fails('restore_prompt_version', { version: 42 }, 'not_found');
    });
  });

  describe('apply_prompt_instruction', () => {
    before(() => newShop('Instruction shop'));

    it('on the built-in engine: a preview with its diff, labelled, and nothing saved', async () => {
      const answer = await call.ok('apply_prompt_instruction', { instruction: 'Usa un tono formal' });
      expect(answer).to.include({ changed: true, method: 'rule', engine: 'builtin', saved: false });
      expect(answer.notice).to.match(/^Built-in engine/);
      expect(answer.preview.split('\n')[1]).to.equal('Tone: formal');
      expect(answer.diff).to.include('-Tone: friendly and professional').and.include('+Tone: formal');
      expect(answer.next_step).to.match(/save_prompt/);
      expect((await call.ok('get_prompt')).prompt.version).to.equal(0);
      expect((await call.ok('list_prompt_versions')).total).to.equal(0);
    });

    it('edits the prompt given instead of the stored one, and says when nothing changes', async () => {
      const answer = await call.ok('apply_prompt_instruction', {
        instruction: 'Add a rule: never promise a delivery date.',
        prompt: 'Be brief.',
      });
      expect(answer.preview).to.equal('Be brief.\nRules:\n- Never promise a delivery date.');
      const nothing = await call.ok('apply_prompt_instruction', { instruction: 'remove the rule about dinosaurs' });
      expect(nothing).to.include({ changed: false, diff: '' });
      expect(nothing.message).to.match(/dinosaurs/);
    });

    it('an instruction the grammar does not know needs a provider; a blank one is invalid', async () => {
      const refused = await call.fails(
        'apply_prompt_instruction',
        { instruction: 'Make the whole prompt sound more like our brand' },
        'ai_provider_required',
      );
      expect(refused.engine).to.equal('builtin');
      await call.fails('apply_prompt_instruction', { instruction: '   ' }, 'invalid_arguments');
    });

    it('with a provider the task model edits it; prose instead of the prompt gets one repair turn, then ai_invalid_output', async () => {
      await call.ok('configure_ai_provider', {
        provider: 'openai_compatible',
        base_url: fake.baseUrl,
        api_key: fake.apiKey,
        chat_model: 'fake-chat',
        task_model: 'fake-task',
      });
      fake.requests.length = 0;
      fake.queue({ content: JSON.stringify({ prompt: 'You are the assistant.\nTone: formal' }) });
      const answer = await call.ok('apply_prompt_instruction', {
        instruction: 'Make it formal',
        prompt: 'You are the assistant.',
      });
      expect(answer).to.include({
        method: 'model',
        engine: 'openai_compatible',
        preview: 'You are the assistant.\nTone: formal',
      });
      expect(answer).to.not.have.property('notice');
      expect(fake.requests[0]!.body.model).to.equal('fake-task');
      expect(fake.requests[0]!.body.messages.at(-1).content).to.include('Make it formal');
      fake.queue({ content: 'Sure! Here is your prompt, now formal.' }, { content: 'Still prose.' });
      await call.fails('apply_prompt_instruction', { instruction: 'Make it formal' }, 'ai_invalid_output');
      expect((await call.ok('list_prompt_versions')).total, 'still nothing saved').to.equal(0);
    });
  });

  describe('configure_ai_learning and learned rules', () => {
    before(() => newShop('Learning shop'));

    it('defaults to shadow with 5 rules; max_rules is 1 to 12; enforced categories must be enabled', async () => {
      const { learning } = await call.ok('get_ai_learning');
      expect(learning).to.deep.include({ surface: 'all', mode: 'shadow', max_rules: 5, inherited_from: 'defaults' });
      expect(learning.enabled_categories).to.include('tone').and.include('policy');
      for (const max_rules of [0, 13])
        await call.fails(
          'configure_ai_learning',
          { action: 'configure', surface: 'all', max_rules },
          'invalid_arguments',
        );
      for (const max_rules of [1, 12])
        expect(
          (await call.ok('configure_ai_learning', { action: 'configure', surface: 'all', max_rules })).learning
            .max_rules,
        ).to.equal(max_rules);
      await call.fails(
        'configure_ai_learning',
        { action: 'configure', surface: 'all', enabled_categories: ['tone'], enforced_categories: ['policy'] },
        'invalid_arguments',
      );
      await call.fails(
        'configure_ai_learning',
        { action: 'configure', surface: 'all', enabled_categories: ['vibes'] },
        'invalid_arguments',
      );
      await call.fails('configure_ai_learning', { action: 'configure', surface: 'fax' }, 'invalid_arguments');
      await call.fails(
        'configure_ai_learning',
        { action: 'configure', surface: 'all', mode: 'loud' },
        'invalid_arguments',
      );
    });

    it('a surface inherits from all until it has its own settings', async () => {
      await call.ok('configure_ai_learning', { action: 'configure', surface: 'all', mode: 'soft', max_rules: 3 });
      const inherited = (await call.ok('get_ai_learning', { surface: 'email' })).learning;
      expect(inherited).to.deep.include({ mode: 'soft', max_rules: 3, inherited_from: 'all' });
      const own = (await call.ok('configure_ai_learning', { action: 'configure', surface: 'email', mode: 'off' }))
        .learning;
      expect(own).to.deep.include({ mode: 'off', max_rules: 3, inherited_from: null });
      const bad = await call.ok('record_ai_feedback', {
        surface: 'email',
        rating: 'bad',
        correction: 'Do not use emoji',
      });
      expect(bad).to.include({ learned: 'not learned: learning is off for this surface', rule: null });
    });

    it('shadow records candidates and never uses them; an activated rule reaches the prompt in soft mode', async () => {
      await call.ok('configure_ai_learning', { action: 'configure', surface: 'ticket', mode: 'shadow' });
      const first = await call.ok('record_ai_feedback', {
        surface: 'ticket',
        rating: 'bad',
        answer: 'Your parcel arrives tomorrow!',
        correction: 'Never promise a delivery date.',
        category: 'policy',
      });
      expect(first.rule).to.include({ status: 'candidate', evidence_count: 1, category: 'policy' });
      const again = await call.ok('record_ai_feedback', {
        surface: 'ticket',
        rating: 'bad',
        correction: 'never promise a delivery date',
        category: 'policy',
      });
      expect(again.rule).to.include({ id: first.rule.id, evidence_count: 2 });
      const before = await call.ok('get_prompt', { surface: 'ticket' });
      expect(before.effective.rules).to.deep.equal([]);
      await call.ok('review_learned_rule', { rule_id: first.rule.id, decision: 'activate' });
      expect((await call.ok('get_prompt', { surface: 'ticket' })).effective.rules, 'shadow uses none').to.deep.equal(
        [],
      );
      await call.ok('configure_ai_learning', { action: 'configure', surface: 'ticket', mode: 'soft' });
      const after = await call.ok('get_prompt', { surface: 'ticket' });
      expect(after.effective.text).to.match(/Learned from the team’s corrections:\n- Never promise a delivery date\.$/);
      await call.fails('review_learned_rule', { rule_id: first.rule.id, decision: 'reject' }, 'invalid_state');
      await call.ok('review_learned_rule', { rule_id: first.rule.id, decision: 'retire' });
      expect((await call.ok('get_prompt', { surface: 'ticket' })).effective.rules).to.deep.equal([]);
      await call.fails('review_learned_rule', { rule_id: 999_999, decision: 'activate' }, 'not_found');
    });

    it('enforced mode activates an enforced category after 3 corrections; the prompt never carries more than max_rules', async () => {
      await call.ok('configure_ai_learning', {
        action: 'configure',
        surface: 'plugin_chat',
        mode: 'enforced',
        max_rules: 2,
        enabled_categories: ['tone', 'formatting', 'policy'],
        enforced_categories: ['formatting'],
      });
      const correct = (correction: string, category: string) =>
        call.ok('record_ai_feedback', { surface: 'plugin_chat', rating: 'bad', correction, category });
      await correct('Use short paragraphs', 'formatting');
      await correct('Use short paragraphs.', 'formatting');
      const third = await correct('use SHORT paragraphs', 'formatting');
      expect(third.rule).to.include({ status: 'active', activated_by: 'enforced', evidence_count: 3 });
      for (let i = 0; i < 3; i++) await correct('Be calm', 'tone');
      expect((await correct('Be calm', 'tone')).rule.status, 'tone is not enforced').to.equal('candidate');
      const other = await correct('Quote prices with VAT', 'policy');
      expect((await correct('Ask for the order number', 'greeting')).learned).to.equal(
        'not learned: the category greeting is not enabled',
      );
      for (const rule of [(await correct('Be calm', 'tone')).rule, other.rule])
        await call.ok('review_learned_rule', { rule_id: rule.id, decision: 'activate' });
      const learning = await call.ok('get_ai_learning', { surface: 'plugin_chat', status: 'active' });
      expect(learning.rules).to.have.length(3);
      expect(learning.applied_rule_ids).to.have.length(2);
      const { effective } = await call.ok('get_prompt', { surface: 'plugin_chat' });
      expect(effective.rules.map((r: any) => r.text)).to.deep.equal(['Be calm', 'Use short paragraphs']);
    });
  });
});
