import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { ATTEMPT_TRIGGERS } from './values.js';

/** One request to the endpoint and what came back (`statusCode` null: no answer at all). */
export const WebhookAttempt = defineEntity({
  name: 'WebhookAttempt',
  tableName: 'webhook_attempts',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    deliveryId: p.string().length(40).index(),
    trigger: p.enum([...ATTEMPT_TRIGGERS]),
    succeeded: p.boolean(),
    statusCode: p.integer().nullable(),
    durationMs: p.integer(),
    error: p.text().nullable(),
    responseExcerpt: p.text().nullable(),
    attemptedAt: p.datetime(),
  },
});
export type WebhookAttempt = InferEntity<typeof WebhookAttempt>;
