import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, StorageMissing, type StoragePort } from './storage-port.js';

/** Files in a folder (by default under the data folder): the embedded default, nothing else to run. */
export class LocalDiskStorage implements StoragePort {
  readonly kind = 'local' as const;
  private readonly root: string;

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written aside and renamed: a reader never sees half a file, a crash leaves no torn one.
    const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(temporary, body);
    await rename(temporary, path);
  }

  async get(key: string): Promise<Readable> {
    const path = this.path(key);
    if (!(await this.exists(key))) throw new StorageMissing(key);
    return createReadStream(path);
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  private path(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }
}
