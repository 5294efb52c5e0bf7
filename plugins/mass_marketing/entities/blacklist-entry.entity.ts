import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A phone the shop never sends campaigns to, with an optional reason (at most 500 characters). */
export const BlacklistEntry = defineEntity({
  name: 'BlacklistEntry',
  tableName: 'marketing_blacklist',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phone: p.string().length(20),
    reason: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'phone'] }],
});

export type BlacklistEntry = InferEntity<typeof BlacklistEntry>;
