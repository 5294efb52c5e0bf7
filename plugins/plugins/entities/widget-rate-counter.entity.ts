import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A rate-limit counter: one row per thing counted (a session's messages, an address's sessions, a
 * shop's answers), its window starting with the first count. Changed only by one upsert statement
 * (the kernel's takeOne, core/util/window-counter.ts), so processes sharing the database share the limits exactly.
 */
export const WidgetRateCounter = defineEntity({
  name: 'WidgetRateCounter',
  tableName: 'widget_rate_counters',
  properties: {
    shopId: tenantColumn(),
    scope: p.string().length(120).primary(),
    windowStart: p.datetime(),
    count: p.integer(),
  },
});
export type WidgetRateCounter = InferEntity<typeof WidgetRateCounter>;
