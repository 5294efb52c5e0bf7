import { Type, type Static } from '../../core/index.js';

/**
 * pageSize: products asked per storefront page (adapters cap it at their platform's limit).
 * incrementalOverlapMinutes: an incremental run reads from the last completed run's start less
 * this, so a change made while that run read its pages is not lost. staleRunSeconds: a running
 * sync whose heartbeat is older is taken to have lost its process, and resumes from its cursor.
 * faqMaxPerProduct: published questions per product (the product-QA widget's default).
 */
export const ProductsConfig = Type.Object(
  {
    pageSize: Type.Integer({ minimum: 1, maximum: 250, default: 100 }),
    incrementalOverlapMinutes: Type.Integer({ minimum: 0, maximum: 1_440, default: 5 }),
    staleRunSeconds: Type.Integer({ minimum: 10, maximum: 3_600, default: 90 }),
    faqMaxPerProduct: Type.Integer({ minimum: 1, maximum: 100, default: 5 }),
  },
  { additionalProperties: false, default: {} },
);
export type ProductsConfig = Static<typeof ProductsConfig>;
