import type { IsolationFixture } from '../../../test/harness/isolation.js';

/**
 * Shop A has its own provider (and key), a saved prompt with a surface addition, learning settings
 * and a learned rule. Shop B still sees the installation's engine, the default prompt, and no rule.
 */
const fixture: IsolationFixture = {
  groups: ['prompt'],
  seed: async (callAsA) => {
    await callAsA('configure_ai_provider', {
      provider: 'openai_compatible',
      base_url: 'https://1.1.1.1/v1',
      api_key: 'sk-isolation-a-key-1234',
      chat_model: 'gpt-4o-mini',
      monthly_token_budget: 5000,
    });
    await callAsA('save_prompt', { prompt: 'Shop A only: you sell bicycles.' });
    await callAsA('save_prompt', { prompt: 'Shop A ticket addition.', surface: 'ticket' });
    await callAsA('configure_ai_learning', { action: 'configure', surface: 'all', mode: 'soft', max_rules: 7 });
    const { rule } = await callAsA('record_ai_feedback', {
      surface: 'all',
      rating: 'bad',
      correction: 'Shop A: never mention the warehouse',
      category: 'policy',
    });
    return { ruleId: rule.id };
  },
  probes: (seed) => [
    {
      tool: 'get_ai_provider',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.source === 'installation' && p.api_key_last4 === null && p.monthly_token_budget === null,
    },
    {
      tool: 'review_learned_rule',
      args: { rule_id: seed.ruleId, decision: 'activate' },
      expect: 'not_found',
    },
    {
      tool: 'get_prompt',
      args: { surface: 'ticket' },
      expect: 'empty',
      isEmpty: (p) => p.prompt.version === 0 && !p.effective.text.includes('Shop A'),
    },
    {
      tool: 'get_ai_learning',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.rules.length === 0 && p.learning.inherited_from === 'defaults',
    },
  ],
  snapshot: async (callAsA) => ({
    provider: await callAsA('get_ai_provider', {}),
    prompt: await callAsA('get_prompt', { surface: 'ticket' }),
    learning: await callAsA('get_ai_learning', {}),
  }),
  exempt: {},
};

export default fixture;
