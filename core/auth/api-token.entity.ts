import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { tenantColumn } from '../tenancy/tenant-column.js';

/**
 * A named token of a shop besides its main one (shops.token_hash): limited to some groups
 * (`groups`, null for all), read-only, and/or expiring. Revoked tokens stay, so the audit log's
 * token names keep meaning something; a live name is unique per shop.
 */
export const ApiToken = defineEntity({
  name: 'ApiToken',
  tableName: 'api_tokens',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    name: p.string().length(64),
    tokenHash: p.string().length(64).unique(),
    groups: p.array().nullable(),
    readOnly: p.boolean(),
    expiresAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    revokedAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'api_tokens_live_name_unique',
      expression: `create unique index "api_tokens_live_name_unique" on "api_tokens" ("shop_id", "name") where "revoked_at" is null`,
    },
  ],
});

export type ApiToken = InferEntity<typeof ApiToken>;
