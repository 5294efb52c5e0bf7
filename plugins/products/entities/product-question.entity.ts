import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { NOTIFY_CHANNELS, QUESTION_SOURCES, QUESTION_STATUSES } from './values.js';

/**
 * A customer's question about a product, and the shop's answer. `normalized` (lower-cased,
 * accents and punctuation dropped) folds the same question asked again within a day into one row
 * (`duplicates`). `notifiedAt`, `notifiedVia` and `notifyError` record the answer's message to the
 * customer.
 */
export const ProductQuestion = defineEntity({
  name: 'ProductQuestion',
  tableName: 'product_questions',
  indexes: [{ properties: ['shopId', 'productId', 'status'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    productId: p.integer(),
    question: p.text(),
    normalized: p.text(),
    answer: p.text().nullable(),
    status: p.enum([...QUESTION_STATUSES]),
    source: p.enum([...QUESTION_SOURCES]),
    customerName: p.string().length(200).nullable(),
    phone: p.string().length(20).nullable(),
    email: p.string().length(254).nullable(),
    locale: p.string().length(16).nullable(),
    duplicates: p.integer().default(0),
    answeredAt: p.datetime().nullable(),
    publishedAt: p.datetime().nullable(),
    notifiedAt: p.datetime().nullable(),
    notifiedVia: p.enum([...NOTIFY_CHANNELS]).nullable(),
    notifyError: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type ProductQuestion = InferEntity<typeof ProductQuestion>;
