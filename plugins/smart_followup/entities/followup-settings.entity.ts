import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { FOLLOWUP_TYPES } from './values.js';

/** A shop's rules for one follow-up type; defaults until the first save. */
export const FollowupSettings = defineEntity({
  name: 'FollowupSettings',
  tableName: 'smart_followup_settings',
  uniques: [{ properties: ['shopId', 'type'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    type: p.enum(FOLLOWUP_TYPES),
    enabled: p.boolean(),
    firstDelayMinutes: p.integer(),
    maxAttempts: p.integer(),
    minGapHours: p.integer(),
    maxAgeDays: p.integer(),
    quietFrom: p.string().length(5),
    quietTo: p.string().length(5),
    respectBusinessHours: p.boolean(),
    timingMode: p.string().length(10),
    template: p.text(),
    senderRole: p.string().length(20),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type FollowupSettings = InferEntity<typeof FollowupSettings>;
