import { defineEntity, p, type InferEntity } from '../../../core/index.js';

/**
 * A Cloud API number's next free send slot, shared by every server process (channel/cloud-api/
 * number-pacer.ts writes it with SQL). No shop column: the rate is the number's at Meta.
 */
export const ChatappNumberPace = defineEntity({
  name: 'ChatappNumberPace',
  tableName: 'chatapp_number_pace',
  properties: {
    externalId: p.string().length(64).primary(),
    nextAt: p.datetime(),
  },
});

export type ChatappNumberPace = InferEntity<typeof ChatappNumberPace>;
