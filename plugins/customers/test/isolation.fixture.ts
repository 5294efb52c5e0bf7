import type { IsolationFixture } from '../../../test/harness/isolation.js';

/**
 * Shop A owns two customers. Probes that read or change a customer aim at the first; the two that
 * create a customer when the phone is new aim at the second, so whatever order the probes run in,
 * shop B never holds a customer with the first phone.
 */
const fixture: IsolationFixture = {
  groups: ['customers'],
  seed: async (callAsA) => {
    const phone = '+34600111222';
    const otherPhone = '+34600111333';
    await callAsA('add_customer_comment', { action: 'add', phone, comment: 'Shop A only', agent_name: 'Ana' });
    await callAsA('add_customer_tag', { action: 'add', phone, tag_name: 'IsoTag' });
    await callAsA('update_customer', { phone, name: 'Isolde Customer', email: 'isolde@shop-a.example' });
    await callAsA('add_customer_comment', { action: 'add', phone: otherPhone, comment: 'Shop A second' });
    await callAsA('add_customer_tag', { action: 'add', phone: otherPhone, tag_name: 'IsoTag' });
    await callAsA('update_customer', { phone: otherPhone, name: 'Second Isolde' });
    return { phone, otherPhone };
  },
  probes: (seed) => [
    { tool: 'get_customer', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'list_customer_comments', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'list_customer_tags', args: { phone: seed.phone }, expect: 'not_found' },
    { tool: 'remove_customer_tag', args: { phone: seed.phone, tag_name: 'IsoTag' }, expect: 'not_found' },
    { tool: 'update_customer', args: { phone: seed.phone, name: 'Taken over' }, expect: 'not_found' },
    { tool: 'delete_customer', args: { phone: seed.phone }, expect: 'not_found' },
    {
      tool: 'merge_customers',
      args: { primary_phone: seed.phone, secondary_phone: seed.otherPhone },
      expect: 'not_found',
    },
    {
      tool: 'merge_customers',
      args: { primary_phone: seed.otherPhone, secondary_phone: seed.phone },
      expect: 'not_found',
    },
    {
      tool: 'search_customers',
      args: { query: '600111222' },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.customers.length === 0,
    },
    { tool: 'search_customers', args: { query: 'Isolde' }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'list_customers',
      args: { tag: 'IsoTag' },
      expect: 'empty',
      isEmpty: (p) => p.count === 0 && p.customers.length === 0,
    },
    // A new phone for shop B: B gets a customer of its own, without A's name or A's tag color.
    {
      tool: 'add_customer_comment',
      args: { action: 'add', phone: seed.otherPhone, comment: 'B writes' },
      expect: 'empty',
      isEmpty: (p) => p.customer.name === null && p.customer.tags.every((t: any) => t.color !== '#2563eb'),
    },
    {
      tool: 'add_customer_tag',
      args: { action: 'add', phone: seed.otherPhone, tag_name: 'Shop B tag', tag_color: '#000000' },
      expect: 'empty',
      isEmpty: (p) => p.customer.name === null && p.tag.color === '#000000' && p.customer.tags.length === 1,
    },
  ],
  snapshot: async (callAsA, seed) => ({
    customer: (await callAsA('get_customer', { phone: seed.phone })).customer,
    other: (await callAsA('get_customer', { phone: seed.otherPhone })).customer,
    comments: (await callAsA('list_customer_comments', { phone: seed.phone })).comments,
    tags: (await callAsA('list_customer_tags', { phone: seed.otherPhone })).tags,
    count: (await callAsA('list_customers', {})).count,
  }),
  exempt: {},
};

export default fixture;
