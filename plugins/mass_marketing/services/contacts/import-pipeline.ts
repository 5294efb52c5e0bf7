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
 * Source rows → list members, inside the caller's transaction: each chunk is checked and
 * normalised in this process and bulk-loaded into the stage while the next chunk is checked (the
 * phone validation runs while PostgreSQL takes the COPY); once the source is read, the stage is
 * merged into the list in one statement. At most two chunks are held in this process, whatever the
 * size of the source. `added` and `duplicates` are known after the merge; progress reports the rows
 * read and the bad ones.
 */
export async function runImportPipeline(options: PipelineOptions): Promise<PipelineCounts> {
  const counts: PipelineCounts = { received: 0, added: 0, duplicates: 0, invalid: 0 };
  const stage = await ContactStage.open(options.client, options.useCopy);
  let valid = 0;
  let inFlight: Promise<void> | undefined;
  const flush = async (chunk: RawRow[]) => {
    options.signal?.throwIfAborted();
    const checked = normaliseRows(chunk);
    if (inFlight) await inFlight;
    counts.received += chunk.length;
    counts.invalid += checked.errors.length;
    valid += checked.valid.phones.length;
    inFlight = (async () => {
      if (checked.errors.length && options.onErrors) await options.onErrors(checked.errors);
      await stage.load(checked.valid);
      await options.onProgress?.({ ...counts });
    })();
    // A rejected load is reported by the next await; until then it must not count as unhandled.
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
  options.signal?.throwIfAborted();
  counts.added = await stage.mergeInto(options.shopId, options.listId);
  counts.duplicates = valid - counts.added;
  return counts;
}
