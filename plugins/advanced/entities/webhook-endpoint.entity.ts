import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { ENDPOINT_STATUSES } from './values.js';

/**
 * The shop's one webhook endpoint. Secrets are sealed; during a rotation the previous secret
 * keeps signing (a second v1) until `previousSecretUntil`. `failingSince` is the first failed
 * attempt of the current run of failures, cleared by any success.
 */
export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn().unique(),
    enabled: p.boolean(),
    url: p.text().nullable(),
    secretSealed: p.text().nullable(),
    previousSecretSealed: p.text().nullable(),
    previousSecretUntil: p.datetime().nullable(),
    events: p.json<string[]>(),
    status: p.enum([...ENDPOINT_STATUSES]),
    failingSince: p.datetime().nullable(),
    disabledAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type WebhookEndpoint = InferEntity<typeof WebhookEndpoint>;
