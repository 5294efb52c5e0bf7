import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A shop's own referral code: one per shop, unique across the installation. */
export const ReferralCode = defineEntity({
  name: 'ReferralCode',
  tableName: 'referral_codes',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn().unique(),
    code: p.string().length(16).unique(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReferralCode = InferEntity<typeof ReferralCode>;
