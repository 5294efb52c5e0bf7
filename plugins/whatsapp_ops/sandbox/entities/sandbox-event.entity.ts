import { defineEntity, p, type InferEntity } from '../../../../core/index.js';
import type { WireEvent } from '../../channel/wire-format.js';

export const SANDBOX_EVENT_TYPES: ['message.received', 'message.status', 'session.connected', 'session.disconnected'] =
  ['message.received', 'message.status', 'session.connected', 'session.disconnected'];

/**
 * The outbox of inbound events. An event is written in the same transaction as the change it
 * reports and delivered afterwards, at least once: a crash between the two only delays it.
 * `next_attempt_at` doubles as the delivery lease, so several processes never deliver one event
 * at the same time.
 */
export const SandboxEvent = defineEntity({
  name: 'SandboxEvent',
  tableName: 'sandbox_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    engine: p.string().length(40),
    eventId: p.string().length(64).unique(),
    sessionKey: p.string().length(64),
    type: p.enum(SANDBOX_EVENT_TYPES),
    payload: p.json<WireEvent>(),
    state: p.enum(['pending', 'delivered', 'failed'] as const),
    attempts: p.integer(),
    nextAttemptAt: p.datetime(),
    lastError: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deliveredAt: p.datetime().nullable(),
  },
  // Delivered events stay (an audit of what the network said); the outbox reads pending ones in id order through this alone.
  indexes: [
    {
      name: 'sandbox_events_pending_index',
      expression: `create index "sandbox_events_pending_index" on "sandbox_events" ("engine", "id") where "state" = 'pending'`,
    },
  ],
});

export type SandboxEvent = InferEntity<typeof SandboxEvent>;
