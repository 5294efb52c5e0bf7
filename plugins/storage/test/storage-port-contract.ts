import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { expect } from 'chai';
import { StorageMissing, type StoragePort } from '../port/storage-port.js';

const read = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
};
const keyOf = (shop: number, body: Buffer) => `${shop}/${createHash('sha256').update(body).digest('hex')}`;

/** What every storage adapter must do, run against each (the local disk and an S3-compatible server). */
export function storagePortContract(name: string, open: () => Promise<{ port: StoragePort; close(): Promise<void> }>) {
  describe(`storage port contract: ${name}`, function () {
    this.timeout(60_000);
    let port: StoragePort;
    let close: () => Promise<void>;
    before(async () => ({ port, close } = await open()));
    after(async () => close?.());

    it('puts and gets the same bytes back, binary intact', async () => {
      const body = Buffer.from([0, 1, 2, 255, 254, 0x89, 0x50, 0x4e, 0x47, 10, 13]);
      const key = keyOf(1, body);
      await port.put(key, body, 'application/octet-stream');
      expect(await port.exists(key)).to.equal(true);
      expect((await read(await port.get(key))).equals(body)).to.equal(true);
    });

    it('a second put of the same key keeps one copy', async () => {
      const body = Buffer.from('same content twice');
      const key = keyOf(2, body);
      await port.put(key, body, 'text/plain');
      await port.put(key, body, 'text/plain');
      expect((await read(await port.get(key))).toString()).to.equal('same content twice');
    });

    it('a large file (3 MB) round-trips', async () => {
      const body = Buffer.alloc(3 * 1024 * 1024, 7);
      body.write('start', 0);
      const key = keyOf(3, body);
      await port.put(key, body, 'application/pdf');
      const back = await read(await port.get(key));
      expect(back.length).to.equal(body.length);
      expect(back.equals(body)).to.equal(true);
    });

    it('a missing key: exists false, get StorageMissing, delete is no error', async () => {
      const key = keyOf(4, Buffer.from('never stored'));
      expect(await port.exists(key)).to.equal(false);
      const err = await port.get(key).catch((e) => e);
      expect(err).to.be.instanceOf(StorageMissing);
      await port.delete(key);
    });

    it('delete removes the content', async () => {
      const body = Buffer.from('short-lived');
      const key = keyOf(5, body);
      await port.put(key, body, 'text/plain');
      await port.delete(key);
      expect(await port.exists(key)).to.equal(false);
    });

    it('refuses keys it did not make (no path or bucket tricks)', async () => {
      for (const key of ['../etc/passwd', '1/../../x', '1/abc', 'a/' + 'f'.repeat(64)])
        expect(await port.put(key, Buffer.from('x'), 'text/plain').catch((e) => e)).to.be.instanceOf(Error);
    });
  });
}
