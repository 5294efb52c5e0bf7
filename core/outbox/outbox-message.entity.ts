import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { tenantColumn } from '../tenancy/tenant-column.js';

/**
 * One message that leaves the process (a webhook, a workflow trigger), written in the transaction
 * of the change that caused it and delivered after commit by the relay. The event id is stable
 * across attempts, so a receiver can drop a message it has already seen.
 */
export const OutboxMessage = defineEntity({
  name: 'OutboxMessage',
  tableName: 'outbox_messages',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    eventId: p.string().length(40).unique(),
    shopId: tenantColumn(),
    topic: p.string().length(120),
    payload: p.json<unknown>(),
    status: p.enum(['pending', 'delivered', 'exhausted', 'abandoned'] as const),
    /** Attempts started: a claim counts one, so a message that crashes its relay runs out too. */
    attempts: p.integer(),
    availableAt: p.datetime(),
    /** The claim's lease: until then no other relay takes the message. */
    lockedUntil: p.datetime().nullable(),
    lastError: p.text().nullable(),
    createdAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [
    {
      name: 'outbox_messages_due_index',
      expression: `create index "outbox_messages_due_index" on "outbox_messages" ("available_at", "id") where "status" = 'pending'`,
    },
    {
      name: 'outbox_messages_finished_index',
      expression: `create index "outbox_messages_finished_index" on "outbox_messages" ("finished_at") where "status" <> 'pending'`,
    },
  ],
});

export type OutboxMessage = InferEntity<typeof OutboxMessage>;
