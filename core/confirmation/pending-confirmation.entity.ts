import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { tenantColumn } from '../tenancy/tenant-column.js';

export const CONFIRMATION_STATUSES: ['pending', 'executed', 'rejected', 'invalidated', 'expired'] = [
  'pending',
  'executed',
  'rejected',
  'invalidated',
  'expired',
];
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/**
 * A call held back until someone confirms it. Lives in PostgreSQL so it survives restarts and any
 * server process can complete it; the arguments are sealed because they may carry secrets.
 */
export const PendingConfirmation = defineEntity({
  name: 'PendingConfirmation',
  tableName: 'pending_confirmations',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    tokenHash: p.string().length(64).unique(),
    tool: p.string().length(64),
    argsHash: p.string().length(64),
    argsSealed: p.text(),
    policy: p.enum(['agent', 'user'] as const),
    summary: p.text(),
    status: p.enum(CONFIRMATION_STATUSES).onCreate(() => 'pending' as const),
    result: p.json<Record<string, unknown>>().nullable(),
    expiresAt: p.datetime(),
    createdAt: p.datetime().onCreate(() => new Date()),
    resolvedAt: p.datetime().nullable(),
  },
  indexes: [
    { properties: ['shopId', 'tool', 'argsHash'] },
    {
      name: 'pending_confirmations_pending_expiry_index',
      expression: `create index "pending_confirmations_pending_expiry_index" on "pending_confirmations" ("expires_at") where "status" = 'pending'`,
    },
  ],
});

export type PendingConfirmation = InferEntity<typeof PendingConfirmation>;
