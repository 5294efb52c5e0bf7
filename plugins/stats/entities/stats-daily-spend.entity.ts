import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** One closed local day of a shop's paid messages by what sent them (billing source): where credits went. */
export const StatsDailySpend = defineEntity({
  name: 'StatsDailySpend',
  tableName: 'stats_daily_spend',
  uniques: [{ properties: ['shopId', 'day', 'source'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    day: p.string().length(10),
    source: p.string().length(40),
    messages: p.integer(),
    credits: p.bigint('number'),
  },
});
export type StatsDailySpend = InferEntity<typeof StatsDailySpend>;
