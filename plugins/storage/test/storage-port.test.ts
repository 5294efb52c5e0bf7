import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from '../port/local-disk-storage.js';
import { S3Storage } from '../port/s3-storage.js';
import { storagePortContract } from './storage-port-contract.js';
import { startS3 } from './s3-server.js';

storagePortContract('local disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sb-storage-'));
  return { port: new LocalDiskStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

storagePortContract('S3-compatible (s3rver)', async () => {
  const s3 = await startS3('switchboard-contract');
  const port = new S3Storage({
    bucket: 'switchboard-contract',
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  return {
    port,
    async close() {
      port.close();
      await s3.close();
    },
  };
});
