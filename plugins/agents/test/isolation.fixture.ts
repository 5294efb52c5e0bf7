import type { IsolationFixture } from '../../../test/harness/isolation.js';

const fixture: IsolationFixture = {
  groups: ['agents'],
  seed: async (callAsA) => {
    const created = await callAsA('create_agent', {
      action: 'create',
      nickname: 'Isolde',
      full_name: 'Isolde Shop A',
      email: 'isolde@shop-a.example',
      pin: '4321',
    });
    return { agentId: created.agent.id };
  },
  probes: (seed) => [
    { tool: 'get_agent', args: { agent_id: seed.agentId }, expect: 'not_found' },
    { tool: 'update_agent', args: { agent_id: seed.agentId, nickname: 'Taken' }, expect: 'not_found' },
    { tool: 'delete_agent', args: { action: 'delete', agent_id: seed.agentId }, expect: 'not_found' },
    {
      tool: 'list_agents',
      args: { query: 'Isolde' },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.agents.length === 0,
    },
  ],
  snapshot: async (callAsA, seed) => ({
    agent: (await callAsA('get_agent', { agent_id: seed.agentId })).agent,
    count: (await callAsA('list_agents', {})).count,
  }),
  exempt: {
    create_agent:
      "phone is the new agent's own contact number, not a reference to existing data; nothing of shop A is looked up by it.",
  },
};

export default fixture;
