import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { Customer } from './customer.entity.js';

/** A label on one customer; a name appears at most once per customer. */
export const CustomerTag = defineEntity({
  name: 'CustomerTag',
  tableName: 'customer_tags',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade'),
    name: p.string().length(50),
    color: p.string().length(7),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['customer', 'name'] }],
});

export type CustomerTag = InferEntity<typeof CustomerTag>;
