import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A phone number of the shop answered by the assistant. Its key names it in the webhook URLs the
 * provider calls (`/voice/twilio/<key>/…`), so an inbound call finds its shop without a token.
 */
export const VoiceNumber = defineEntity({
  name: 'VoiceNumber',
  tableName: 'voice_numbers',
  uniques: [{ properties: ['phoneNumber'] }, { properties: ['numberKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    phoneNumber: p.string().length(20),
    label: p.string().length(120).nullable(),
    numberKey: p.string().length(40),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type VoiceNumber = InferEntity<typeof VoiceNumber>;
