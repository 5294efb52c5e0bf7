import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** One line of a call's transcript: what the caller said (as the provider heard it) or what the assistant said. */
export const VoiceTurn = defineEntity({
  name: 'VoiceTurn',
  tableName: 'voice_turns',
  indexes: [{ properties: ['callId', 'id'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    callId: p.integer(),
    speaker: p.enum(['caller', 'assistant']),
    text: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type VoiceTurn = InferEntity<typeof VoiceTurn>;
