import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** One hour of a closed local day of a shop's messages, by direction: the weekday × hour heatmap. */
export const StatsHourlyMessages = defineEntity({
  name: 'StatsHourlyMessages',
  tableName: 'stats_hourly_messages',
  uniques: [{ properties: ['shopId', 'day', 'hour'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    day: p.string().length(10),
    hour: p.smallint(),
    inbound: p.integer(),
    outbound: p.integer(),
  },
});
export type StatsHourlyMessages = InferEntity<typeof StatsHourlyMessages>;
