import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** One closed local day of a shop's messages, summed (rolled up by the job, re-rolled for late receipts). */
export const StatsDailyMessages = defineEntity({
  name: 'StatsDailyMessages',
  tableName: 'stats_daily_messages',
  uniques: [{ properties: ['shopId', 'day'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    day: p.string().length(10),
    inbound: p.integer(),
    outbound: p.integer(),
    automatic: p.integer(),
    failed: p.integer(),
    delivered: p.integer(),
    read: p.integer(),
    credits: p.bigint('number'),
    /** Distinct writers over ranges of days: see services/writers.ts. */
    writers: p
      .array<number>()
      .columnType('int[]')
      .onCreate(() => []),
  },
});
export type StatsDailyMessages = InferEntity<typeof StatsDailyMessages>;
