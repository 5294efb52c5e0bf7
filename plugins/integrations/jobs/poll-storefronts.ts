import { defineJob } from '../define.js';
import { EcommerceConnection } from '../entities/ecommerce-connection.entity.js';

/**
 * Every minute: each polled connection whose interval has passed is asked what changed (the
 * cursor less the overlap), one shop at a time, with no transaction held while the store answers.
 */
export const pollStorefronts = defineJob({
  name: 'poll-storefronts',
  schedule: '*/1 * * * *',
  scope: 'system',
  transactional: false,
  description:
    'Reads the changes of storefronts that do not push webhooks (PrestaShop, Shopify without its app secret).',
  run: async ({ em, config, forShop, log }) => {
    const due = new Date(Date.now() - config.pollIntervalSeconds * 1000);
    const connections = await em.find(
      EcommerceConnection,
      { feedMode: 'polling', $or: [{ lastPollAt: null }, { lastPollAt: { $lt: due } }] },
      { filters: { tenant: false }, fields: ['shopId', 'platformType'], orderBy: { lastPollAt: 'asc' }, limit: 200 },
    );
    for (const connection of connections)
      await forShop(connection.shopId, ({ services, transaction }) =>
        services.ecommerceFeed.poll(connection.platformType, transaction),
      ).catch((err: Error) => log.warn({ err, platform: connection.platformType }, 'storefront poll failed'));
  },
});
