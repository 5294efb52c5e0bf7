import { defineResource } from '../plugin/define.js';
import { Shop } from '../tenancy/shop.entity.js';

/** shop://profile: who the token belongs to, what the plan allows, and which groups are on. */
export const shopProfileResource = (enabledGroups: readonly string[]) =>
  defineResource({
    uri: 'shop://profile',
    name: 'Shop profile',
    description: 'The authenticated shop: name, timezone, locale, currency, plan limits, credits balance and enabled tool groups.',
    mimeType: 'application/json',
    read: async ({ em, shop }) => {
      const row = await em.findOneOrFail(Shop, { id: shop.id });
      return {
        shop_id: row.id,
        name: row.name,
        timezone: row.timezone,
        locale: row.locale,
        currency: row.currency,
        plan: { max_agents: row.maxAgents },
        credits: { balance: Number(row.creditsBalance) },
        enabled_groups: enabledGroups,
      };
    },
  });
