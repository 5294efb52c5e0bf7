import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** One closed local day of a shop's credits ledger, summed per kind of movement. */
export const StatsDailyCredits = defineEntity({
  name: 'StatsDailyCredits',
  tableName: 'stats_daily_credits',
  uniques: [{ properties: ['shopId', 'day', 'kind'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    day: p.string().length(10),
    kind: p.string().length(16),
    amount: p.bigint('number'),
  },
});
export type StatsDailyCredits = InferEntity<typeof StatsDailyCredits>;
