import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A variant (size, colour…) of a product, replaced as a whole when its product changes. */
export const ProductVariant = defineEntity({
  name: 'ProductVariant',
  tableName: 'product_variants',
  uniques: [{ properties: ['productId', 'externalId'] }],
  indexes: [
    {
      name: 'product_variants_sku_index',
      expression: `create index "product_variants_sku_index" on "product_variants" ("shop_id", lower("sku"))`,
    },
    { properties: ['shopId', 'barcode'] },
    { properties: ['productId'] },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    productId: p.integer(),
    externalId: p.string().length(100),
    sku: p.string().length(100).nullable(),
    barcode: p.string().length(64).nullable(),
    title: p.text().nullable(),
    options: p.json<Record<string, string>>(),
    price: p.string().length(32).nullable(),
    stock: p.integer().nullable(),
    available: p.boolean(),
  },
});
export type ProductVariant = InferEntity<typeof ProductVariant>;
