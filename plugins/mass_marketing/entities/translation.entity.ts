import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * A text of the shop (a campaign's message, the auto-reply) in one language, by the SHA-256 of the
 * text. Made before a send, outside its transaction; a send only reads it. The first translation
 * stored wins, so a message sent again after a crash is rendered as the first time and its
 * idempotency key still matches. A failed attempt is kept with its reason (text null) and tried
 * again after a while; until then the text goes out in the original, and the log says why.
 */
export const Translation = defineEntity({
  name: 'Translation',
  tableName: 'marketing_translations',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    sourceHash: p.string().length(64),
    language: p.string().length(8),
    text: p.text().nullable(),
    failure: p.text().nullable(),
    failedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['shopId', 'sourceHash', 'language'] }],
});

export type Translation = InferEntity<typeof Translation>;
