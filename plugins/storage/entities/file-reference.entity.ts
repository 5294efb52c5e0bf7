import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';

/** A record of another group that uses a file (a campaign's media): the file cannot be deleted meanwhile. */
export const FileReference = defineEntity({
  name: 'FileReference',
  tableName: 'storage_file_references',
  uniques: [{ properties: ['shopId', 'fileId', 'ownerGroup', 'ownerType', 'ownerId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    fileId: p.integer().index(),
    ownerGroup: p.string().length(64),
    ownerType: p.string().length(64),
    ownerId: p.string().length(64),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type FileReference = InferEntity<typeof FileReference>;
