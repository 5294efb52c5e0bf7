import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { FILE_STATUSES, PURPOSES } from './values.js';

/**
 * A shop's file. The bytes live in the storage adapter under `storageKey` (`<shop>/<sha256>`):
 * content-addressed, so the same bytes uploaded twice are stored once and two files may share a
 * key. `contentType` is the type sniffed from the bytes (it agreed with the declared one).
 */
export const StoredFile = defineEntity({
  name: 'StoredFile',
  tableName: 'storage_files',
  indexes: [{ properties: ['shopId', 'sha256'] }, { properties: ['shopId', 'purpose'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    filename: p.string().length(200),
    purpose: p.enum(PURPOSES),
    contentType: p.string().length(120),
    sizeBytes: p.bigint('number'),
    sha256: p.string().length(64).nullable(),
    status: p.enum(FILE_STATUSES),
    storageKey: p.string().length(200).nullable(),
    tags: p.json<string[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type StoredFile = InferEntity<typeof StoredFile>;
