import type { ClientBase } from 'pg';
import { ContactStage } from './contact-stage.js';
import { normaliseRows, type RawRow, type RowError } from './contact-rows.js';

export interface PipelineCounts {
  /** Rows read from the source (blank CSV lines and the header are not rows). */
  received: number;
  added: number;
  /** Valid rows that added no member: already in the list, or given twice. */
  duplicates: number;
  invalid: number;
}

export interface PipelineOptions {
  client: ClientBase;
  useCopy: boolean;
  shopId: number;
  listId: number;
  rows: AsyncIterable<RawRow[]> | Iterable<RawRow[]>;
  chunkSize: number;
  /** Called with each chunk's bad rows, in source order. */
  onErrors?: (errors: RowError[]) => Promise<void>;
  onProgress?: (counts: PipelineCounts) => Promise<void>;
  signal?: AbortSignal;
}

/**
 * Source rows → list members, in chunks, inside the caller's transaction: each chunk is checked
 * and normalised in this process, bulk-loaded into the stage and merged into the list. Checking
 * the next chunk overlaps with the database's work on the current one (the CPU-heavy phone
 * validation runs while PostgreSQL merges), and at most two chunks are held at a time, whatever
 * the size of the source.
 */
export async function runImportPipeline(options: PipelineOptions): Promise<PipelineCounts> {
  const counts: PipelineCounts = { received: 0, added: 0, duplicates: 0, invalid: 0 };
  const stage = await ContactStage.open(options.client, options.useCopy);
  let inFlight: Promise<void> | undefined;
  const flush = async (chunk: RawRow[]) => {
    options.signal?.throwIfAborted();
    const { valid, errors } = normaliseRows(chunk);
    if (inFlight) await inFlight;
    counts.received += chunk.length;
    counts.invalid += errors.length;
    inFlight = (async () => {
      if (errors.length && options.onErrors) await options.onErrors(errors);
      await stage.load(valid);
      const added = await stage.mergeInto(options.shopId, options.listId);
      counts.added += added;
      counts.duplicates += valid.phones.length - added;
      await options.onProgress?.({ ...counts });
    })();
    // A rejected merge is reported by the next await; until then it must not count as unhandled.
    inFlight.catch(() => {});
  };
  let buffer: RawRow[] = [];
  for await (const rows of options.rows) {
    for (const row of rows) {
      buffer.push(row);
      if (buffer.length >= options.chunkSize) {
        await flush(buffer);
        buffer = [];
      }
    }
  }
  if (buffer.length) await flush(buffer);
  if (inFlight) await inFlight;
  return counts;
}
