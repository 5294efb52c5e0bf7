import { constants } from 'node:zlib';

/** The encodings the server answers with, preferred first when a client weighs them equally. */
export type ContentEncoding = 'br' | 'gzip';

const PREFERENCE: readonly ContentEncoding[] = ['br', 'gzip'];

/**
 * Brotli quality 5 and zlib's default gzip level: on a full tools/list they compress within 15 %
 * of the slowest settings at a small fraction of their time (quality 11 takes seconds for 1 MB),
 * and answers are compressed as they go out, never ahead.
 */
export const BROTLI_QUALITY = 5;
export const GZIP_LEVEL = constants.Z_DEFAULT_COMPRESSION;

/**
 * The encoding to answer a request with, from its Accept-Encoding (RFC 9110 §12.5.3): the coding
 * with the highest weight above zero, brotli before gzip on a tie; `*` weighs the codings the
 * header does not name; `x-gzip` is gzip; a malformed weight refuses its coding. Undefined: answer uncompressed.
 */
export function negotiateEncoding(header: string | string[] | undefined): ContentEncoding | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q\s*=(.*)$/.exec(p)).find(Boolean);
    // A weight that is not a number from 0 to 1 does not accept the coding.
    const weight = q ? Number(q[1]!.trim() || 'x') : 1;
    weights.set(name === 'x-gzip' ? 'gzip' : name, weight >= 0 && weight <= 1 ? weight : 0);
  }
  let best: ContentEncoding | undefined;
  let bestWeight = 0;
  for (const coding of PREFERENCE) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [coding, weight];
  }
  return best;
}
