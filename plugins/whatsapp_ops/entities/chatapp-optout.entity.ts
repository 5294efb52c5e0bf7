import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A number that receives no automatic message from any group; checked by the one send path. */
export const ChatappOptout = defineEntity({
  name: 'ChatappOptout',
  tableName: 'chatapp_optouts',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phone: p.string().length(20),
    reason: p.string().length(500).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'phone'] }],
});

export type ChatappOptout = InferEntity<typeof ChatappOptout>;
