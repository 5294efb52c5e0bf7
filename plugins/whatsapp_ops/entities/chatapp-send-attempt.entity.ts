import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { SEND_ATTEMPT_STATUSES } from './values.js';

/**
 * What was asked of a network that has no idempotency key of its own (the Cloud API), per line and
 * key: claimed `pending` before the request, `sent` with the network's id after it, `unknown` when
 * the answer never came (never sent again blindly). A repeated key answers from here.
 */
export const ChatappSendAttempt = defineEntity({
  name: 'ChatappSendAttempt',
  tableName: 'chatapp_send_attempts',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    sessionKey: p.string().length(64),
    idempotencyKey: p.string().length(200),
    recipient: p.string().length(20),
    /** SHA-256 of the recipient and content: the same key with other content is refused. */
    contentHash: p.string().length(64),
    status: p.enum(SEND_ATTEMPT_STATUSES),
    providerMessageId: p.string().length(128).nullable(),
    sentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['sessionKey', 'idempotencyKey'] }],
  indexes: [{ properties: ['createdAt'] }],
});

export type ChatappSendAttempt = InferEntity<typeof ChatappSendAttempt>;
