import { defineEntity, p, tenantColumn, type InferEntity } from '../../../../core/index.js';

/**
 * A session as the direct session service knows it: which shop created it and the hash of its API
 * key (the key itself is shown once, at creation). Tenant-owned: writes go through a shop-scoped
 * EntityManager; lookups by key run unfiltered and then compare the shop explicitly.
 */
export const ServiceSession = defineEntity({
  name: 'ServiceSession',
  tableName: 'session_service_sessions',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    sessionKey: p.string().length(64).unique(),
    apiKeyHash: p.string().length(64).unique(),
    label: p.string().length(50).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type ServiceSession = InferEntity<typeof ServiceSession>;
