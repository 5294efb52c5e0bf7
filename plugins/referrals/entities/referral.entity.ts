import { defineEntity, p, type InferEntity } from '../../../core/index.js';
import { REFERRAL_STATUSES } from './values.js';

/**
 * One shop brought by another. It belongs to two shops at once, so it has no single tenant: the
 * group's services read it only where the calling shop is the referrer or the referee. One per
 * referred shop (the first code wins). Each side's reward and reversal is stamped in the
 * transaction that moved its credits, so a job run twice pays once.
 */
export const Referral = defineEntity({
  name: 'Referral',
  tableName: 'referrals',
  indexes: [{ properties: ['referrerShopId', 'status'] }, { properties: ['status'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    referrerShopId: p.integer(),
    refereeShopId: p.integer().unique(),
    refereeName: p.string().length(200),
    linkId: p.integer().nullable(),
    status: p.enum(REFERRAL_STATUSES),
    reason: p.string().length(200).nullable(),
    referrerCredits: p.integer(),
    refereeCredits: p.integer(),
    qualifiedAt: p.datetime().nullable(),
    rewardDueAt: p.datetime().nullable(),
    referrerRewardedAt: p.datetime().nullable(),
    refereeRewardedAt: p.datetime().nullable(),
    rewardedAt: p.datetime().nullable(),
    referrerReversedAt: p.datetime().nullable(),
    refereeReversedAt: p.datetime().nullable(),
    reversedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type Referral = InferEntity<typeof Referral>;
