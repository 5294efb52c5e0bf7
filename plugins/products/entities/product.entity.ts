import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { PLATFORM_TYPES } from '../../integrations/surface.js';
import { PRODUCT_STATUSES } from './values.js';

/**
 * A product of the shop's storefront catalogue, as the last sync read it. `aiNotes` and
 * `hiddenFromAi` are the shop's own overlay, which a sync never touches. `searchText` is the
 * search form (lower-cased, accents removed) of the title in every language, brand, type, tags
 * and SKUs; `contentHash` lets a sync skip a product that did not change; `seenRun` is the last
 * sync run that read it (a complete full run deletes the products it did not see).
 */
export const Product = defineEntity({
  name: 'Product',
  tableName: 'products',
  uniques: [{ properties: ['shopId', 'platformType', 'externalId'] }],
  indexes: [
    {
      name: 'products_search_trgm_index',
      expression: `create index "products_search_trgm_index" on "products" using gin ("shop_id", "search_text" gin_trgm_ops)`,
    },
    {
      name: 'products_search_fts_index',
      expression: `create index "products_search_fts_index" on "products" using gin ("shop_id", to_tsvector('simple', "search_text"))`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    platformType: p.enum([...PLATFORM_TYPES]),
    externalId: p.string().length(100),
    handle: p.text().nullable(),
    title: p.text(),
    descriptionHtml: p.text().nullable(),
    brand: p.text().nullable(),
    productType: p.text().nullable(),
    tags: p.json<string[]>(),
    status: p.enum([...PRODUCT_STATUSES]),
    url: p.text().nullable(),
    images: p.json<string[]>(),
    /** Decimal strings in the store's currency. */
    priceMin: p.string().length(32).nullable(),
    priceMax: p.string().length(32).nullable(),
    currency: p.string().length(3).nullable(),
    inStock: p.boolean(),
    /** null: no variant tracks stock. */
    totalStock: p.integer().nullable(),
    translations: p.json<Record<string, { title?: string; descriptionHtml?: string }>>(),
    searchText: p.text(),
    contentHash: p.string().length(40),
    aiNotes: p.text().nullable(),
    hiddenFromAi: p.boolean().default(false),
    externalUpdatedAt: p.datetime().nullable(),
    seenRun: p.integer().nullable(),
    syncedAt: p.datetime(),
    deletedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Product = InferEntity<typeof Product>;
