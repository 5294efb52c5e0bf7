import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A tracked link of the shop's code (a campaign, a post, a partner): its own clicks and sign-ups. */
export const ReferralLink = defineEntity({
  name: 'ReferralLink',
  tableName: 'referral_links',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    slug: p.string().length(32).unique(),
    label: p.string().length(100),
    source: p.string().length(50).nullable(),
    disabledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReferralLink = InferEntity<typeof ReferralLink>;
