import { defineEntity, p, type InferEntity } from '../../../../core/index.js';
import type { WireMedia } from '../../channel/wire-format.js';

export const BAILEYS_MESSAGE_STATUSES: ['pending', 'sent', 'delivered', 'read', 'failed', 'received'] = [
  'pending',
  'sent',
  'delivered',
  'read',
  'failed',
  'received',
];

/**
 * Every message a Baileys session carried. Outbound rows are written before the send with the
 * message id drawn for it (`pending`), so a retried key sends under the same id; the stored
 * message answers the library's retry requests. Inbound rows are unique on the network's id,
 * which is what drops a message the network delivers twice.
 */
export const BaileysMessage = defineEntity({
  name: 'BaileysMessage',
  tableName: 'baileys_messages',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    engine: p.string().length(40),
    sessionKey: p.string().length(64),
    direction: p.enum(['outbound', 'inbound'] as const),
    /** The network's message id (`key.id`): the provider message id the port reports. */
    messageId: p.string().length(128),
    /** The chat as the network named it: `<digits>@s.whatsapp.net`, or a LID. */
    remoteJid: p.string().length(128),
    linePhone: p.string().length(20).nullable(),
    peerPhone: p.string().length(20),
    idempotencyKey: p.string().length(200).nullable(),
    contentHash: p.string().length(64).nullable(),
    text: p.text().nullable(),
    media: p.json<WireMedia>().nullable(),
    status: p.enum(BAILEYS_MESSAGE_STATUSES),
    error: p.text().nullable(),
    /** The library's message (BufferJSON), for retry requests; outbound only. */
    content: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    deliveredAt: p.datetime().nullable(),
    readAt: p.datetime().nullable(),
    failedAt: p.datetime().nullable(),
  },
  uniques: [{ properties: ['sessionKey', 'direction', 'messageId'] }, { properties: ['sessionKey', 'idempotencyKey'] }],
  indexes: [{ properties: ['sessionKey', 'id'] }],
});

export type BaileysMessage = InferEntity<typeof BaileysMessage>;
