import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A phone that wrote to the shop on a closed local day: distinct people over any range of days. */
export const StatsDailyContact = defineEntity({
  name: 'StatsDailyContact',
  tableName: 'stats_daily_contacts',
  uniques: [{ properties: ['shopId', 'day', 'phone'] }],
  // Whether a phone wrote on other days: its gap since then, and today's writers seen earlier in a range.
  indexes: [{ properties: ['shopId', 'phone', 'day'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    day: p.string().length(10),
    phone: p.string().length(20),
  },
});
export type StatsDailyContact = InferEntity<typeof StatsDailyContact>;
