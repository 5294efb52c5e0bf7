import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** stats only reads the calling shop's rows: shop B's figures show nothing of shop A's data. */
const fixture: IsolationFixture = {
  groups: ['stats', 'customers', 'tickets', 'agents'],
  seed: async (callAsA) => {
    await callAsA('create_ai_ticket', { action: 'create', title: 'A’s ticket', phone: '+34600444555', priority: 'P0' });
    await callAsA('create_agent', { action: 'create', nickname: 'Ana', full_name: 'Ana A', email: 'ana@a.example' });
    return {};
  },
  probes: () => [
    {
      tool: 'get_ticket_stats',
      args: { period: '7d' },
      expect: 'empty',
      isEmpty: (p) => p.series.length === 0 && Object.keys(p.by_priority).length === 0,
    },
    {
      tool: 'get_customer_stats',
      args: { period: '7d' },
      expect: 'empty',
      isEmpty: (p) => p.totals.total === 0,
    },
    {
      tool: 'get_agent_stats',
      args: { period: '7d' },
      expect: 'empty',
      isEmpty: (p) => p.agents.length === 0 && p.unassigned.tickets.open_now === 0,
    },
    {
      tool: 'export_stats_csv',
      args: { report: 'tickets', period: '7d' },
      expect: 'empty',
      isEmpty: (p) => p.rows === 0,
    },
  ],
  snapshot: async (callAsA) => (await callAsA('get_ticket_stats', { period: '7d' })).by_priority,
  exempt: {
    get_message_stats:
      'session_id only narrows the calling shop’s own messages; another shop’s line matches none of them (stats.test.ts checks it).',
  },
};

export default fixture;
