import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { SCHEDULED_STATUSES } from './values.js';

/**
 * A message to send at `send_at`. The job claims due rows (status sending, claimed_at) in a
 * committed step before it sends, and sends with the key `scheduled-message-<id>`: a crash at any
 * point leads to a re-send with the same key, which the network answers with the first message.
 */
export const ChatappScheduledMessage = defineEntity({
  name: 'ChatappScheduledMessage',
  tableName: 'chatapp_scheduled_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phone: p.string().length(20),
    text: p.text(),
    /** The line to send from; null: chosen at send time like any automatic send. */
    sessionId: p.integer().nullable(),
    sendAt: p.datetime(),
    status: p.enum(SCHEDULED_STATUSES),
    attempts: p.integer().onCreate(() => 0),
    claimedAt: p.datetime().nullable(),
    messageId: p.integer().nullable(),
    error: p.text().nullable(),
    cancelledAt: p.datetime().nullable(),
    cancelledByAgentId: p.integer().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['status', 'sendAt'] }],
});

export type ChatappScheduledMessage = InferEntity<typeof ChatappScheduledMessage>;
