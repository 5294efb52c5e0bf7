import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** The web call button's limits (calls per visitor address per hour), counted by the kernel's takeOne. */
export const VoiceRateCounter = defineEntity({
  name: 'VoiceRateCounter',
  tableName: 'voice_rate_counters',
  properties: {
    shopId: tenantColumn(),
    scope: p.string().length(120).primary(),
    windowStart: p.datetime(),
    count: p.integer(),
  },
});
export type VoiceRateCounter = InferEntity<typeof VoiceRateCounter>;
