import type { IsolationFixture } from '../../../test/harness/isolation.js';

const NUMBER = '+34600777888';

const fixture: IsolationFixture = {
  groups: ['customers', 'crm'],
  seed: async (callAsA) => {
    const { crm_customer } = await callAsA('create_crm_customer', { action: 'create', whatsapp_number: NUMBER });
    await callAsA('update_crm_customer', {
      crm_customer_id: crm_customer.id,
      name: 'Isolda CRM',
      company: 'Shop A Co',
      custom_fields: { tier: 'gold' },
    });
    return { crmCustomerId: crm_customer.id, number: NUMBER };
  },
  probes: (seed) => [
    { tool: 'get_crm_customer', args: { crm_customer_id: seed.crmCustomerId }, expect: 'not_found' },
    { tool: 'get_crm_customer', args: { whatsapp_number: seed.number }, expect: 'not_found' },
    {
      tool: 'update_crm_customer',
      args: { crm_customer_id: seed.crmCustomerId, name: 'Taken over' },
      expect: 'not_found',
    },
    {
      tool: 'move_crm_customer_stage',
      args: { crm_customer_id: seed.crmCustomerId, stage: 'won' },
      expect: 'not_found',
    },
    { tool: 'delete_crm_customer', args: { crm_customer_id: seed.crmCustomerId }, expect: 'not_found' },
    {
      tool: 'list_crm_customers',
      args: { query: 'Isolda' },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.crm_customers.length === 0,
    },
    { tool: 'list_crm_customers', args: { query: '777888' }, expect: 'empty', isEmpty: (p) => p.count === 0 },
  ],
  snapshot: async (callAsA, seed) => ({
    crm: (await callAsA('get_crm_customer', { crm_customer_id: seed.crmCustomerId })).crm_customer,
    count: (await callAsA('list_crm_customers', {})).count,
  }),
  exempt: {},
};

export default fixture;
