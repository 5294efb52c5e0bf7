import { defineResource } from '../plugin/define.js';
import type { ToolContext } from '../plugin/plugin-types.js';
import { Shop } from '../tenancy/shop.entity.js';

export type ProfileContributor = (ctx: ToolContext) => Promise<Record<string, unknown>>;

/**
 * shop://profile: who the token belongs to, what the plan allows, and which groups are on. Groups
 * add their own fields (the account group: business hours) through the manifest's `profile`.
 */
export const shopProfileResource = (enabledGroups: readonly string[], contributors: ProfileContributor[]) =>
  defineResource({
    uri: 'shop://profile',
    name: 'Shop profile',
    description:
      'The authenticated shop: name, timezone, locale, currency, plan limits, credits balance and enabled tool groups.',
    mimeType: 'application/json',
    read: async (ctx) => {
      const { em, shop } = ctx;
      const row = await em.findOneOrFail(Shop, { id: shop.id });
      const extra = await Promise.all(contributors.map((contribute) => contribute(ctx)));
      return {
        ...Object.assign({}, ...extra),
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
