import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { LocalDiskStorage } from '../port/local-disk-storage.js';
import { S3Storage } from '../port/s3-storage.js';
import { storagePortContract } from './storage-port-contract.js';

storagePortContract('local disk', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'sb-storage-'));
  return { port: new LocalDiskStorage(dir), close: () => rm(dir, { recursive: true, force: true }) };
});

/** s3rver speaks the S3 REST API on a local port: the same SDK calls as against AWS. */
export async function startS3(bucket: string) {
  const dir = await mkdtemp(join(tmpdir(), 'sb-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as unknown as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

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
