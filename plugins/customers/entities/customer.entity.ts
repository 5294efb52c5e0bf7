import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { CustomerTag } from './customer-tag.entity.js';

/**
 * A person the shop talks to, identified by their phone in E.164 (one row per phone and shop).
 * `tags` is loaded with every customer the service hands out, so its payload is complete.
 */
export const Customer = defineEntity({
  name: 'Customer',
  tableName: 'customers',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phone: p.string().length(20),
    name: p.string().length(200).nullable(),
    email: p.string().length(254).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    // Set by the messaging group when a message is exchanged with this phone.
    lastContactAt: p.datetime().nullable(),
    tags: () => p.oneToMany(CustomerTag).mappedBy('customer'),
  },
  uniques: [{ properties: ['shopId', 'phone'] }],
  indexes: [{ properties: ['shopId', 'createdAt'] }],
});

export type Customer = InferEntity<typeof Customer>;
