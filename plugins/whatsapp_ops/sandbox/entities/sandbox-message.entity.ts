import { defineEntity, p, type InferEntity } from '../../../../core/index.js';
import type { WireMedia } from '../../channel/wire-format.js';

export const SANDBOX_MESSAGE_STATUSES: ['sent', 'delivered', 'read', 'failed', 'received'] = [
  'sent',
  'delivered',
  'read',
  'failed',
  'received',
];

/**
 * Every message the simulated network carried: the ground truth of what was "sent". The unique
 * (session_key, idempotency_key) pair is what makes a retried send return the first message
 * instead of recording a second one, in any process and after any restart.
 */
export const SandboxMessage = defineEntity({
  name: 'SandboxMessage',
  tableName: 'sandbox_messages',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    engine: p.string().length(40),
    sessionKey: p.string().length(64),
    direction: p.enum(['outbound', 'inbound'] as const),
    providerMessageId: p.string().length(64).unique(),
    idempotencyKey: p.string().length(200).nullable(),
    /** SHA-256 of the content, to refuse a reused key that carries a different message. */
    contentHash: p.string().length(64).nullable(),
    /** The session's own number when the message passed, and the other party's. */
    linePhone: p.string().length(20),
    peerPhone: p.string().length(20),
    text: p.text().nullable(),
    media: p.json<WireMedia>().nullable(),
    status: p.enum(SANDBOX_MESSAGE_STATUSES),
    error: p.text().nullable(),
    /** When the next simulated receipt is due; null once none is pending. */
    nextReceiptAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deliveredAt: p.datetime().nullable(),
    readAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['sessionKey', 'idempotencyKey'] }],
  indexes: [{ properties: ['sessionKey', 'id'] }, { properties: ['engine', 'nextReceiptAt'] }],
});

export type SandboxMessage = InferEntity<typeof SandboxMessage>;
