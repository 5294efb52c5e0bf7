import { CsvReader, type CsvRecord } from './csv-records.js';
import { columnsFromHeader, looksLikeHeader, POSITIONAL, type CsvColumns } from './csv-columns.js';
import type { RawRow } from './contact-rows.js';

const SLICE = 1 << 20;

/** A long string in slices, so the reader never copies it whole. */
export function* textSlices(text: string): Generator<string> {
  for (let i = 0; i < text.length; i += SLICE) yield text.slice(i, i + SLICE);
}

/**
 * The rows of a CSV source: phone and name columns from the header when there is one (`hasHeader`
 * true, or left out and the first record looks like one), else phone first and name second.
 */
export async function* csvRows(
  chunks: AsyncIterable<string> | Iterable<string>,
  hasHeader: boolean | undefined,
): AsyncGenerator<RawRow[]> {
  const reader = new CsvReader();
  let columns: CsvColumns | undefined;
  const rows = (records: CsvRecord[]): RawRow[] => {
    const out: RawRow[] = [];
    for (const record of records) {
      if (!columns) {
        const header = hasHeader ?? looksLikeHeader(record.fields);
        columns = header ? columnsFromHeader(record.fields) : POSITIONAL;
        if (header) continue;
      }
      out.push({
        line: record.line,
        phone: record.fields[columns.phone] ?? '',
        name: columns.name === null ? null : (record.fields[columns.name] ?? null),
      });
    }
    return out;
  };
  for await (const chunk of chunks) {
    const batch = rows(reader.push(chunk));
    if (batch.length) yield batch;
  }
  const last = rows(reader.end());
  if (last.length) yield last;
}

/** How many rows a CSV text holds at most (its non-blank lines), to choose between a call and a job. */
export function countLines(text: string): number {
  let n = 0;
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    const end = nl < 0 ? text.length : nl;
    if (text.slice(start, end).trim() !== '') n++;
    if (nl < 0) return n;
    start = nl + 1;
  }
}
