import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

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
