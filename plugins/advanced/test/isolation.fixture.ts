import type { IsolationFixture } from '../../../test/harness/isolation.js';

/**
 * Shop A configures its webhook endpoint (approved on the page) and sends a test event, which
 * nothing answers, so a delivery is in its log. Shop B aims at the delivery: not found; its own
 * configuration and log are empty.
 */
const fixture: IsolationFixture = {
  groups: ['advanced'],
  seed: async (callAsA) => {
    await callAsA('configure_webhooks', {
      webhook_enabled: false,
      webhook_url: 'https://127.0.0.1:9/hooks',
      webhook_secret: 'whsec-isolation-secret-01',
    });
    const { attempt } = await callAsA('send_test_webhook');
    return { deliveryId: attempt.delivery_id };
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
  ],
  snapshot: async (callAsA, seed) => [
    await callAsA('get_webhook_config'),
    await callAsA('get_webhook_delivery', { delivery_id: seed.deliveryId }),
  ],
  exempt: {},
};

export default fixture;
