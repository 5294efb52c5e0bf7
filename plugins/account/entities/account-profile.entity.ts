import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { BusinessHours } from '../services/business-hours.js';

/**
 * The profile data the account group owns beside the kernel's shop row: one row per shop, made on
 * its first update. `businessHours` null means the shop has not set any.
 */
export const AccountProfile = defineEntity({
  name: 'AccountProfile',
  tableName: 'account_profiles',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    businessHours: p.json<BusinessHours>().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId'] }],
});

export type AccountProfile = InferEntity<typeof AccountProfile>;
