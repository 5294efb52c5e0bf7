import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * The eligibility record: when the customer last wrote to one physical line (the session's own
 * number, which outlives a session that is re-paired). Only moves forward.
 */
export const ChatappContactWindow = defineEntity({
  name: 'ChatappContactWindow',
  tableName: 'chatapp_contact_windows',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    linePhone: p.string().length(20),
    customerPhone: p.string().length(20),
    lastInboundAt: p.datetime(),
    lastSessionId: p.integer(),
  },
  uniques: [{ properties: ['shopId', 'linePhone', 'customerPhone'] }],
});

export type ChatappContactWindow = InferEntity<typeof ChatappContactWindow>;
