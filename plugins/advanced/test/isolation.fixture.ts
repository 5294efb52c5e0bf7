import type { IsolationFixture } from '../../../test/harness/isolation.js';

/**
 * Shop A configures its webhook endpoint (approved on the page) and sends a test event, which
 * nothing answers, so a delivery is in its log; it declares a custom function and tests it, so a
 * call is in its log. Shop B aims at the delivery and the function: not found; its own
 * configuration and logs are empty.
 */
const fixture: IsolationFixture = {
  groups: ['advanced', 'crm', 'customers'],
  seed: async (callAsA) => {
    await callAsA('configure_webhooks', {
      webhook_enabled: false,
      webhook_url: 'https://127.0.0.1:9/hooks',
      webhook_secret: 'whsec-isolation-secret-01',
    });
    const { attempt } = await callAsA('send_test_webhook');
    const { function: fn } = await callAsA('create_custom_function', {
      name: 'a_only',
      description: 'Shop A’s function.',
      parameters: { type: 'object', properties: { q: { type: 'string' } } },
      url: 'https://127.0.0.1:9/fn',
      headers: { Authorization: 'Bearer a-only' },
    });
    await callAsA('test_custom_function', { function_id: fn.id, arguments: { q: 'x' } });
    const { definition } = await callAsA('create_crm_field_definition', { key: 'tier', label: 'Tier', type: 'text' });
    await callAsA('create_crm_customer', { action: 'create', whatsapp_number: '+34600400500' });
    return { deliveryId: attempt.delivery_id, functionId: fn.id, definitionId: definition.id };
  },
  probes: (seed) => [
    { tool: 'get_webhook_delivery', args: { delivery_id: seed.deliveryId }, expect: 'not_found' },
    { tool: 'redeliver_webhook', args: { delivery_id: seed.deliveryId }, expect: 'not_found' },
    { tool: 'list_webhook_deliveries', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'get_webhook_config',
      args: {},
      expect: 'empty',
      isEmpty: (p) => p.webhooks.webhook_url === null && !p.webhooks.has_secret && p.stats_24h.exhausted === 0,
    },
    { tool: 'get_custom_function', args: { function_id: seed.functionId }, expect: 'not_found' },
    { tool: 'update_custom_function', args: { function_id: seed.functionId, is_enabled: false }, expect: 'not_found' },
    { tool: 'delete_custom_function', args: { function_id: seed.functionId }, expect: 'not_found' },
    {
      tool: 'test_custom_function',
      args: { function_id: seed.functionId, arguments: { q: 'x' } },
      expect: 'not_found',
    },
    { tool: 'list_custom_functions', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    {
      tool: 'list_custom_function_calls',
      args: { function_id: seed.functionId },
      expect: 'empty',
      isEmpty: (p) => p.count === 0,
    },
    {
      tool: 'update_crm_field_definition',
      args: { definition_id: seed.definitionId, label: 'x' },
      expect: 'not_found',
    },
    { tool: 'delete_crm_field_definition', args: { definition_id: seed.definitionId }, expect: 'not_found' },
    { tool: 'list_crm_field_definitions', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'export_crm_customers_csv', args: {}, expect: 'empty', isEmpty: (p) => p.rows === 0 },
  ],
  snapshot: async (callAsA, seed) => [
    await callAsA('get_webhook_config'),
    await callAsA('get_webhook_delivery', { delivery_id: seed.deliveryId }),
    await callAsA('get_custom_function', { function_id: seed.functionId }),
    (await callAsA('list_custom_function_calls', { function_id: seed.functionId })).count,
    await callAsA('list_crm_field_definitions'),
  ],
  exempt: {},
};

export default fixture;
