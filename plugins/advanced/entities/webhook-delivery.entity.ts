import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { DELIVERY_STATUSES } from './values.js';

/**
 * One event on its way to the shop's endpoint. `deliveryId` is the envelope's id and the
 * `webhook-id` header: the same on every attempt, so receivers deduplicate on it. `payload` is the
 * envelope exactly as signed and sent.
 */
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    deliveryId: p.string().length(40).unique(),
    eventType: p.string().length(60),
    payload: p.json<Record<string, unknown>>(),
    status: p.enum([...DELIVERY_STATUSES]),
    attempts: p.integer(),
    lastStatusCode: p.integer().nullable(),
    lastError: p.text().nullable(),
    nextAttemptAt: p.datetime().nullable(),
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['shopId', 'createdAt'] }, { properties: ['shopId', 'status', 'createdAt'] }],
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
