import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * Channel event ids already applied. Delivery is at least once; the id is written in the
 * transaction that applies the event, so a redelivered event changes nothing.
 */
export const ChatappProcessedEvent = defineEntity({
  name: 'ChatappProcessedEvent',
  tableName: 'chatapp_processed_events',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    shopId: tenantColumn(),
    eventId: p.string().length(64),
    processedAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'eventId'] }],
  indexes: [{ properties: ['processedAt'] }],
});

export type ChatappProcessedEvent = InferEntity<typeof ChatappProcessedEvent>;
