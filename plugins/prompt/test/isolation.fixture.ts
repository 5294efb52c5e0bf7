import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop A's own provider (and its key) is A's alone: shop B still sees the installation's engine. */
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
    return {};
  },
  probes: () => [
    {
      tool: 'get_ai_provider',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.source === 'installation' && p.api_key_last4 === null && p.monthly_token_budget === null,
    },
  ],
  snapshot: async (callAsA) => await callAsA('get_ai_provider', {}),
  exempt: {},
};

export default fixture;
