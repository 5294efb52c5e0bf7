import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop B reads the audit log aiming at shop A's lines: not found, or nothing of A's. */
const fixture: IsolationFixture = {
  groups: ['activity', 'customers', 'crm'],
  seed: async (callAsA) => {
    const { crm_customer } = await callAsA('create_crm_customer', {
      action: 'create',
      whatsapp_number: '+34600123123',
    });
    const { entries } = await callAsA('list_activity', { tool: 'create_crm_customer' });
    return { entryId: entries[0].id, customerId: String(crm_customer.id) };
  },
  probes: (seed) => [
    { tool: 'get_activity_entry', args: { entry_id: seed.entryId }, expect: 'not_found' },
    { tool: 'list_activity', args: { tool: 'create_crm_customer' }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'get_resource_history',
      args: { resource_type: 'crm_customer', resource_id: seed.customerId },
      expect: 'empty',
      isEmpty: (p) => p.count === 0,
    },
    { tool: 'export_activity_csv', args: {}, expect: 'empty', isEmpty: (p) => p.rows === 0 },
  ],
  snapshot: async (callAsA, seed) => (await callAsA('get_activity_entry', { entry_id: seed.entryId })).entry,
  exempt: {},
};

export default fixture;
