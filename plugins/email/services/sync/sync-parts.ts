/**
 * Splits a folder's new UIDs (ascending) into the batches one sync fetches, parses and stores:
 * at most `count` mails and `bytes` bytes each (a mail larger than `bytes` goes alone). A batch is
 * held whole in memory while it is read, so its bytes, not its count, bound the sync's memory:
 * 200 mails of a newsletter folder are 4 MB, 200 mails with scans attached can be gigabytes.
 */
export function syncParts(
  uids: number[],
  sizes: ReadonlyMap<number, number>,
  count: number,
  bytes: number,
): number[][] {
  const parts: number[][] = [];
  let part: number[] = [];
  let partBytes = 0;
  for (const uid of uids) {
    const size = sizes.get(uid) ?? 0;
    if (part.length > 0 && (part.length >= count || partBytes + size > bytes)) {
      parts.push(part);
      part = [];
      partBytes = 0;
    }
    part.push(uid);
    partBytes += size;
  }
  if (part.length > 0) parts.push(part);
  return parts;
}
