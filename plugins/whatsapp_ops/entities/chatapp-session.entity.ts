import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { CHANNEL_ADAPTERS, SESSION_STATUSES, type RoutingRole } from './values.js';

/**
 * A line (messaging number) of the shop. `session_key` is the engine's name for it and is unique
 * across shops, which is how inbound events find their shop. The API key exists only for the
 * session-service adapter and is stored sealed. `sandbox` records what the engine said at creation,
 * so no output ever passes a simulated line for the real network.
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
    adapter: p.enum(CHANNEL_ADAPTERS),
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
});

export type ChatappSession = InferEntity<typeof ChatappSession>;
