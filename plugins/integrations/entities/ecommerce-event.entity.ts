import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { INBOUND_SOURCES, INBOUND_STATUSES, PLATFORM_TYPES } from './values.js';

/**
 * One change the storefront told us about, pushed (a webhook delivery) or polled. `eventKey` is
 * the platform's delivery id, or `poll:<resource>:<id>:<updated at>`: unique per shop and
 * platform, so a repeated delivery or an overlapping poll is acted on once (and counted in
 * `duplicates`). A refused delivery is keyed `rejected:<uuid>`: its claimed id proves nothing.
 */
export const EcommerceEvent = defineEntity({
  name: 'EcommerceEvent',
  tableName: 'ecommerce_events',
  uniques: [{ properties: ['shopId', 'platformType', 'eventKey'] }],
  indexes: [{ properties: ['shopId', 'receivedAt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    platformType: p.enum([...PLATFORM_TYPES]),
    source: p.enum([...INBOUND_SOURCES]),
    eventKey: p.string().length(200),
    topic: p.string().length(100),
    status: p.enum([...INBOUND_STATUSES]),
    resourceType: p.string().length(20),
    resourceIds: p.json<string[]>(),
    /** Deliveries of the same event after the first (a platform retrying, a poll overlapping). */
    duplicates: p.integer().default(0),
    error: p.text().nullable(),
    receivedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type EcommerceEvent = InferEntity<typeof EcommerceEvent>;
