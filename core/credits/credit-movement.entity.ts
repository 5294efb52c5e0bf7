import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { tenantColumn } from '../tenancy/tenant-column.js';

/**
 * What a ledger line is: credits the shop paid for (`purchase`) or got free (`grant`, `reward`),
 * spent (`spend`) or got back for a send that never happened (`spend_return`), a paid top-up given
 * back (`purchase_refund`), or a reward taken back (`reversal`).
 */
export const CREDIT_KINDS = [
  'purchase',
  'grant',
  'reward',
  'spend',
  'spend_return',
  'purchase_refund',
  'reversal',
] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** One line of a shop's credits ledger; the balance on the shop row is the sum of these. */
export const CreditMovement = defineEntity({
  name: 'CreditMovement',
  tableName: 'credit_movements',
  indexes: [{ properties: ['shopId', 'kind'] }, { properties: ['shopId', 'createdAt'] }],
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    amount: p.bigint('number'),
    balanceAfter: p.bigint('number'),
    kind: p.string().length(16).$type<CreditKind>(),
    reason: p.string().length(64),
    reference: p.string().length(200).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export type CreditMovement = InferEntity<typeof CreditMovement>;
