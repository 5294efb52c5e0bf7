import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { SESSION_STATUSES, type RoutingRole } from './values.js';

/**
 * A line (messaging number) of the shop. `session_key` is the engine's name for it and is unique
 * across shops, which is how inbound events find their shop. The API key exists only for the
 * session-service adapter and is stored sealed. `sandbox` records what the engine said at creation,
 * so no output ever passes a simulated line for the real network. A line of a shop's own provider
 * names it (`provider_id`) and, for a registered number, the network's id for it (`external_id`,
 * the Cloud API's phone_number_id). `status_reason` says why the network stopped a line.
 */
export const ChatappSession = defineEntity({
  name: 'ChatappSession',
  tableName: 'chatapp_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    label: p.string().length(50).nullable(),
    sessionKey: p.string().length(64).unique(),
    apiKeySealed: p.text().nullable(),
    /** The installation's adapter (sandbox, session-service) or a provider kind (channel/providers): text, so a new kind needs no migration. */
    adapter: p.string().length(30),
    providerId: p.integer().nullable(),
    externalId: p.string().length(64).nullable(),
    statusReason: p.text().nullable(),
    sandbox: p.boolean(),
    routingRoles: p.json<RoutingRole[]>(),
    massMarketingEnabled: p.boolean().onCreate(() => false),
    status: p.enum(SESSION_STATUSES),
    phone: p.string().length(20).nullable(),
    connectedAt: p.datetime().nullable(),
    disconnectedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['shopId', 'providerId', 'externalId'] }],
});

export type ChatappSession = InferEntity<typeof ChatappSession>;
