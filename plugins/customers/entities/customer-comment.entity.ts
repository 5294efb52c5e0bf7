import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { Customer } from './customer.entity.js';

/** An internal comment about a customer, by an agent or the assistant; never sent to the customer. */
export const CustomerComment = defineEntity({
  name: 'CustomerComment',
  tableName: 'customer_comments',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    customer: () => p.manyToOne(Customer).deleteRule('cascade').index(),
    body: p.text(),
    agentName: p.string().length(100),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type CustomerComment = InferEntity<typeof CustomerComment>;
