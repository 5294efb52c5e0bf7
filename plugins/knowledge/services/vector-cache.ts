/** One shop's vectors of one model, as a flat matrix (row i is snippet or chunk ids[i]), each row of unit length. */
export interface ShopVectors {
  model: string;
  dims: number;
  /** What the rows were loaded from: count and newest row; another stamp means reload. */
  stamp: string;
  ids: number[];
  matrix: Float32Array;
}

/**
 * The memory the process gives to cached vectors. A shop's 20,000 chunks at 1,536 dimensions are
 * 123 MB, so a count of shops is no bound: the least recently searched entries go until the rest
 * fit, and an entry larger than the whole budget is used for its search and not kept.
 */
export const VECTOR_CACHE_BYTES = 256 * 1024 * 1024;

/**
 * The process's vectors per shop and kind (snippets, chunks), for cosine search in memory (no
 * pgvector: the embedded engine and Debian's PostgreSQL lack it). An entry is reloaded when its
 * stamp changes.
 */
export class VectorCache {
  private readonly entries = new Map<string, ShopVectors>();
  private bytes = 0;

  constructor(private readonly budget = VECTOR_CACHE_BYTES) {}

  get(shopId: number, kind: string, model: string, stamp: string): ShopVectors | undefined {
    const key = `${shopId}:${kind}`;
    const entry = this.entries.get(key);
    if (!entry || entry.model !== model || entry.stamp !== stamp) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(shopId: number, kind: string, entry: ShopVectors): void {
    const key = `${shopId}:${kind}`;
    this.remove(key);
    if (entry.matrix.byteLength > this.budget) return;
    this.entries.set(key, entry);
    this.bytes += entry.matrix.byteLength;
    while (this.bytes > this.budget) this.remove(this.entries.keys().next().value!);
  }

  /** What the cached entries hold, in bytes. */
  size(): number {
    return this.bytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.matrix.byteLength;
  }
}

export const toUnit = (v: ArrayLike<number>): Float32Array => {
  const out = Float32Array.from(v);
  const norm = Math.hypot(...out) || 1;
  for (let i = 0; i < out.length; i++) out[i]! /= norm;
  return out;
};

export const toBytes = (v: ArrayLike<number>): Buffer => Buffer.from(Float32Array.from(v).buffer);

export const fromBytes = (b: Buffer): Float32Array =>
  new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));

/** The `limit` rows nearest to the query (cosine), best first. */
export function nearest(entry: ShopVectors, query: Float32Array, limit: number): { id: number; score: number }[] {
  const scores: { id: number; score: number }[] = [];
  for (let row = 0; row < entry.ids.length; row++) {
    let dot = 0;
    const base = row * entry.dims;
    for (let i = 0; i < entry.dims; i++) dot += entry.matrix[base + i]! * query[i]!;
    scores.push({ id: entry.ids[row]!, score: dot });
  }
  return scores.sort((a, b) => b.score - a.score).slice(0, limit);
}
