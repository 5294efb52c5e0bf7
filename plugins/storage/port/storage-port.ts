import type { Readable } from 'node:stream';

/**
 * Where file contents live. Keys are `<shop>/<sha256>` — content-addressed, so a put of a key that
 * exists writes the same bytes again. Both adapters pass the same contract tests
 * (test/storage-port-contract.ts).
 */
export interface StoragePort {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream; a missing key is a StorageMissing error. */
  get(key: string): Promise<Readable>;
  exists(key: string): Promise<boolean>;
  /** Removing a key that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Releases what the adapter holds open (the S3 client's sockets) when the server closes. */
  close?(): void;
}

export class StorageMissing extends Error {
  override readonly name = 'StorageMissing';
  constructor(key: string) {
    super(`no stored content under ${key}`);
  }
}

/** Keys are made by this group only; anything else is refused before it reaches a path or a bucket. */
export function assertKey(key: string): void {
  if (!/^\d{1,10}\/[0-9a-f]{64}$/.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
}
