import { join } from 'node:path';
import { definePlugin } from '../../core/index.js';
import { StorageConfig } from './config.js';
import { storageErrors } from './errors.js';
import { StoredFile } from './entities/stored-file.entity.js';
import { FileReference } from './entities/file-reference.entity.js';
import { ReleasedKey } from './entities/released-key.entity.js';
import { StorageInit } from './migrations/0001-init.js';
import { StorageReleasedKeys } from './migrations/0002-released-keys.js';
import { StorageTenantIndexesCovered } from './migrations/0003-tenant-indexes-covered.js';
import { deleteReleasedBytes } from './jobs/delete-released-bytes.js';
import { LocalDiskStorage } from './port/local-disk-storage.js';
import { StorageFilesService } from './services/files-service.js';
import { StorageUploadsService } from './services/uploads-service.js';
import { fileRoutes } from './routes/file-routes.js';
import { createUploadUrl } from './tools/create-upload-url.js';
import { uploadFileBase64 } from './tools/upload-file-base64.js';
import { importFileFromUrl } from './tools/import-file-from-url.js';
import { listFiles } from './tools/list-files.js';
import { getFile } from './tools/get-file.js';
import { getFileUrl } from './tools/get-file-url.js';
import { updateFile } from './tools/update-file.js';
import { deleteFile } from './tools/delete-file.js';
import { getStorageUsage } from './tools/get-storage-usage.js';
import { cleanupUnusedFiles } from './tools/cleanup-unused-files.js';

/**
 * storage: the shop's files behind a storage port — the server's disk (default) or any
 * S3-compatible store. Three ways in (signed upload URL, base64, URL import through the network
 * guard), each checked against the purpose's types and sizes and the bytes' real type;
 * content-addressed (SHA-256) so equal contents are stored once; a quota per shop; signed,
 * expiring download links served with the checked type and nosniff; references from other groups
 * that keep a used file from being deleted.
 */
export default definePlugin({
  name: 'storage',
  version: '1.0.0',
  description:
    'The shop’s files on disk or S3: checked uploads, signed links, dedupe, quota, and references that protect files in use.',
  kernel: '^1.0.0',
  configSchema: StorageConfig,
  entities: [StoredFile, FileReference, ReleasedKey],
  migrations: [
    { name: '0001-init', class: StorageInit },
    { name: '0002-released-keys', class: StorageReleasedKeys },
    { name: '0003-tenant-indexes-covered', class: StorageTenantIndexesCovered },
  ],
  jobs: [deleteReleasedBytes],
  services: { storageFilesService: StorageFilesService, storageUploadsService: StorageUploadsService },
  errors: storageErrors,
  tools: [
    createUploadUrl,
    uploadFileBase64,
    importFileFromUrl,
    listFiles,
    getFile,
    getFileUrl,
    updateFile,
    deleteFile,
    getStorageUsage,
    cleanupUnusedFiles,
  ],
  retention: [
    {
      table: 'storage_files',
      column: 'created_at',
      where: `"status" = 'pending'`,
      days: (config) => config.pendingRetentionDays,
    },
  ],
  setup: async (setup) => {
    const { config, dataDir } = setup;
    // The AWS SDK is imported only when the store is S3: a disk deployment never carries it.
    const port =
      config.adapter === 's3'
        ? new (await import('./port/s3-storage.js')).S3Storage(config.s3)
        : new LocalDiskStorage(config.localDir ?? join(dataDir, 'files'));
    setup.provide('storagePort', port);
    fileRoutes(setup);
  },
  onClose: ({ resolve }) => resolve('storagePort').close?.(),
});
