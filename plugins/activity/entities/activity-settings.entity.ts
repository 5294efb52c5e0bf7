import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A shop's choices for its audit log; no row means the installation's defaults. */
export const ActivitySettings = defineEntity({
  name: 'ActivitySettings',
  tableName: 'activity_settings',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn().unique(),
    retentionDays: p.integer(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type ActivitySettings = InferEntity<typeof ActivitySettings>;
