import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A word of the shop's catalogue and how many of its products (not deleted) hold it: the
 * dictionary search corrects a misspelt query word against before it reads the products' full-text
 * index. Maintained by statement triggers on products (migrations/0002-words.ts), whatever writes
 * them; only words of three letters or more, no digits (SKUs and model numbers are matched exactly).
 */
export const ProductWord = defineEntity({
  name: 'ProductWord',
  tableName: 'product_words',
  indexes: [
    {
      name: 'product_words_trgm_index',
      expression: `create index "product_words_trgm_index" on "product_words" using gin ("shop_id", "word" gin_trgm_ops)`,
    },
  ],
  properties: {
    shopId: tenantColumn().primary(),
    word: p.text().primary(),
    products: p.integer(),
  },
});

export type ProductWord = InferEntity<typeof ProductWord>;
