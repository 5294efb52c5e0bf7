import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/**
 * Stored bytes no file row uses any more, written in the transaction that deleted the last row,
 * so the bytes go only once that delete has committed (a job deletes them a minute later, if no
 * new upload of the same content has taken the key back meanwhile).
 */
export const ReleasedKey = defineEntity({
  name: 'ReleasedKey',
  tableName: 'storage_released_keys',
  uniques: [{ properties: ['shopId', 'storageKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    storageKey: p.string().length(200),
    releasedAt: p.datetime().onCreate(() => new Date()),
  },
});
export type ReleasedKey = InferEntity<typeof ReleasedKey>;
