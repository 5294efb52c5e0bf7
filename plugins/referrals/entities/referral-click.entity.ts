import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * One visitor's click on a shop's code (linkId 0) or link, counted once a day. `visitor` is an
 * HMAC of the address and the day: no address is stored, and the same visitor tomorrow is not
 * linkable to today's.
 */
export const ReferralClick = defineEntity({
  name: 'ReferralClick',
  tableName: 'referral_clicks',
  uniques: [{ properties: ['shopId', 'linkId', 'day', 'visitor'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    linkId: p.integer(),
    day: p.string().length(10),
    visitor: p.string().length(22),
  },
});
export type ReferralClick = InferEntity<typeof ReferralClick>;
