import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A chat archived on one line: per shop, session and customer phone. Unarchiving deletes the row. */
export const ChatappArchivedChat = defineEntity({
  name: 'ChatappArchivedChat',
  tableName: 'chatapp_archived_chats',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    sessionId: p.integer(),
    phone: p.string().length(20),
    archivedAt: p.datetime(),
  },
  uniques: [{ properties: ['shopId', 'sessionId', 'phone'] }],
});

export type ChatappArchivedChat = InferEntity<typeof ChatappArchivedChat>;
