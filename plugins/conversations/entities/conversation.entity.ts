import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

export const DIRECTIONS: ['inbound', 'outbound'] = ['inbound', 'outbound'];
export type Direction = (typeof DIRECTIONS)[number];

/** The statuses of whatsapp_ops' chatapp_messages, as the last message of a conversation carries them. */
export const MESSAGE_STATUSES: ['sending', 'sent', 'delivered', 'read', 'failed', 'received'] = [
  'sending',
  'sent',
  'delivered',
  'read',
  'failed',
  'received',
];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * One conversation per shop, session (a line of the shop) and customer phone: the inbox row that
 * the message events of whatsapp_ops keep current. The messages themselves stay in whatsapp_ops'
 * chatapp_messages; `sessionId` and `lastMessageId` point there without a foreign key, because that
 * group owns its tables.
 */
export const Conversation = defineEntity({
  name: 'Conversation',
  tableName: 'conversations',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    sessionId: p.integer(),
    phone: p.string().length(20),
    unreadCount: p.integer().onCreate(() => 0),
    lastMessageAt: p.datetime(),
    lastMessagePreview: p.string().length(200),
    lastDirection: p.enum(DIRECTIONS),
    lastMessageId: p.integer(),
    lastMessageStatus: p.enum(MESSAGE_STATUSES),
    assignedAgentId: p.integer().nullable().index(),
    readAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'sessionId', 'phone'] }],
  indexes: [{ properties: ['shopId', 'lastMessageAt'] }],
});

export type Conversation = InferEntity<typeof Conversation>;
