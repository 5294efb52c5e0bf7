/** The storage group as other groups see it: its services. Types only. */
import type { StorageFilesService, FileOwner } from './services/files-service.js';
import type { StorageUploadsService } from './services/uploads-service.js';
import type { StoragePort } from './port/storage-port.js';

export type { StorageFilesService, FileOwner, StorageUploadsService };

declare module '../../core/index.js' {
  interface GroupServices {
    /** link/unlink/urlFor: how other groups use a shop's files. */
    storageFilesService: StorageFilesService;
    storageUploadsService: StorageUploadsService;
    storagePort: StoragePort;
  }
}
