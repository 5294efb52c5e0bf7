import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { RegisteredHook, StoreLocale } from '../services/connectors/types.js';
import { CONNECTION_STATUSES, FEED_MODES, LOCALE_MODES, PLATFORM_TYPES } from './values.js';

/**
 * A shop's storefront connection, one per platform; `enabled` marks the one the assistant uses.
 * Credentials are one sealed JSON object (never returned: `credentialHints` holds their last 4
 * characters). `hookKey` names the connection in the public webhook URL, so the URL carries no
 * shop id; `hookSecretSealed` is the secret the platform signs its deliveries with.
 */
export const EcommerceConnection = defineEntity({
  name: 'EcommerceConnection',
  tableName: 'ecommerce_connections',
  uniques: [{ properties: ['shopId', 'platformType'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    platformType: p.enum([...PLATFORM_TYPES]),
    enabled: p.boolean(),
    storeUrl: p.text(),
    /** VTEX: the account name; the others: null. */
    accountName: p.text().nullable(),
    storeName: p.text(),
    currency: p.string().length(3).nullable(),
    timezone: p.string().length(64).nullable(),
    locales: p.json<StoreLocale[]>(),
    credentialsSealed: p.text(),
    credentialHints: p.json<Record<string, string>>(),
    /** WooCommerce: `query` once the host was found to strip Authorization. */
    authMode: p.string().length(16).default('header'),
    status: p.enum([...CONNECTION_STATUSES]),
    lastError: p.text().nullable(),
    lastCheckedAt: p.datetime().nullable(),
    localeMode: p.enum([...LOCALE_MODES]).default('auto'),
    fixedLocale: p.string().length(16).nullable(),
    contentLocaleMode: p.enum([...LOCALE_MODES]).default('auto'),
    contentFixedLocale: p.string().length(16).nullable(),
    fallbackLocale: p.string().length(16).nullable(),
    feedMode: p.enum([...FEED_MODES]),
    hookKey: p.string().length(64).unique(),
    hookSecretSealed: p.text().nullable(),
    hooks: p.json<RegisteredHook[]>(),
    hooksError: p.text().nullable(),
    /** The change feed's cursor: changes up to here (less the overlap) are known. */
    pollCursor: p.datetime().nullable(),
    lastPollAt: p.datetime().nullable(),
    pollError: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type EcommerceConnection = InferEntity<typeof EcommerceConnection>;
