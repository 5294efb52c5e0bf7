import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { tenantColumn } from '../tenancy/tenant-column.js';

/** One line of a shop's credits ledger; the balance on the shop row is the sum of these. */
export const CreditMovement = defineEntity({
  name: 'CreditMovement',
  tableName: 'credit_movements',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    amount: p.bigint('number'),
    balanceAfter: p.bigint('number'),
    reason: p.string().length(64),
    reference: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type CreditMovement = InferEntity<typeof CreditMovement>;
