import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** How far a shop's days are rolled up: every local day before `rolledUntil`, in the timezone `zone`. */
export const StatsRollupState = defineEntity({
  name: 'StatsRollupState',
  tableName: 'stats_rollup_state',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn().unique(),
    zone: p.string().length(64),
    rolledUntil: p.string().length(10),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type StatsRollupState = InferEntity<typeof StatsRollupState>;
