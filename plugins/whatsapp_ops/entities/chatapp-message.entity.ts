import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { ChatappSession } from './chatapp-session.entity.js';
import { DIRECTIONS, MESSAGE_STATUSES, type StoredMedia } from './values.js';
import type { TemplateMessage } from '../channel/channel-port.js';

/**
 * Every message of the shop, inbound and outbound, stored once: the provider's id is unique per
 * shop and session, and so is an outbound message's idempotency key (the same key never makes a
 * second message). `credits_charged` is what the shop paid for it, debited in the transaction that
 * wrote the row.
 */
export const ChatappMessage = defineEntity({
  name: 'ChatappMessage',
  tableName: 'chatapp_messages',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    session: () => p.manyToOne(ChatappSession),
    phone: p.string().length(20),
    direction: p.enum(DIRECTIONS),
    text: p.text().nullable(),
    media: p.json<StoredMedia>().nullable(),
    /** An approved template sent instead of free text (`text` then holds it as the customer reads it). */
    template: p.json<TemplateMessage>().nullable(),
    status: p.enum(MESSAGE_STATUSES),
    providerMessageId: p.string().length(128).nullable(),
    idempotencyKey: p.string().length(200).nullable(),
    automatic: p.boolean(),
    billingSource: p.string().length(40).nullable(),
    creditsCharged: p.integer(),
    error: p.text().nullable(),
    /** When the network took the message (outbound) or the customer sent it (inbound). */
    sentAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [
    { properties: ['shopId', 'session', 'providerMessageId'] },
    { properties: ['shopId', 'session', 'idempotencyKey'] },
  ],
  indexes: [
    { properties: ['shopId', 'phone'] },
    {
      name: 'chatapp_messages_sending_index',
      expression: `create index "chatapp_messages_sending_index" on "chatapp_messages" ("shop_id", "id") where "status" = 'sending'`,
    },
    { properties: ['shopId', 'idempotencyKey'] },
    { properties: ['shopId', 'createdAt'] },
  ],
});

export type ChatappMessage = InferEntity<typeof ChatappMessage>;
