import { createReadStream, createWriteStream } from 'node:fs';
import { rename } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type { SnapshotHeader, SnapshotSink } from './snapshot.js';
import { BATCH_ROWS } from './snapshot.js';
import { TransferError } from './database-sink.js';
import type { TablePlan } from './table-plan.js';

const FORMAT = 'switchboard-backup';
const VERSION = 1;

export interface BackupHeader extends SnapshotHeader {
  format: typeof FORMAT;
  version: number;
  created_at: string;
  /** Which key sealed the secrets inside (sha-256 prefix of it): a restore needs the same one. */
  secret_fingerprint: string;
}

/**
 * A backup is gzip'd JSON lines: the header, then per table a `["table", name]` line followed by
 * its rows (one JSON object each, exactly as the database wrote them), then `["end", counts]`.
 * Lines, so that any size streams in both directions; the end line, so that a cut-off file is
 * refused instead of restored in part.
 */
export function backupWriter(path: string, secretFingerprint: string): SnapshotSink & { done: Promise<void> } {
  const gzip = createGzip();
  const lines = new PassThrough();
  // Written aside and renamed at the end: a backup that failed half-way never takes the name.
  const partial = `${path}.partial`;
  const done = pipeline(lines, gzip, createWriteStream(partial, { mode: 0o600 }));
  const write = async (line: string) => {
    if (!lines.write(`${line}\n`)) await once(lines, 'drain');
  };
  return {
    done,
    begin: (header) =>
      write(
        JSON.stringify({
          format: FORMAT,
          version: VERSION,
          created_at: new Date().toISOString(),
          secret_fingerprint: secretFingerprint,
          ...header,
        } satisfies BackupHeader),
      ),
    table: (plan) => write(JSON.stringify(['table', plan.name])),
    rows: async (_plan, rows) => {
      for (const row of rows) await write(row);
    },
    end: async (counts) => {
      await write(JSON.stringify(['end', counts]));
      lines.end();
      await done;
      await rename(partial, path);
    },
  };
}

/** Reads a backup into a sink, checking its shape as it goes; returns its header. */
export async function replayBackup(
  path: string,
  sink: SnapshotSink,
  checkHeader: (header: BackupHeader) => void,
): Promise<BackupHeader> {
  const input = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  let header: BackupHeader | undefined;
  let plan: TablePlan | undefined;
  let batch: string[] = [];
  let ended = false;
  const flush = async () => {
    if (plan && batch.length) await sink.rows(plan, batch);
    batch = [];
  };
  try {
    for await (const line of input) {
      if (ended) throw new TransferError('the backup has data after its end');
      if (!header) {
        header = JSON.parse(line) as BackupHeader;
        if (header.format !== FORMAT || header.version !== VERSION)
          throw new TransferError(`not a ${FORMAT} version ${VERSION} file`);
        checkHeader(header);
        await sink.begin({ migrations: header.migrations, tables: header.tables });
        continue;
      }
      if (line.startsWith('{')) {
        if (!plan) throw new TransferError('the backup has a row before its first table');
        batch.push(line);
        if (batch.length >= BATCH_ROWS) await flush();
        continue;
      }
      const [kind, value] = JSON.parse(line) as ['table', string] | ['end', Record<string, number>];
      await flush();
      if (kind === 'table') {
        plan = header.tables.find((t) => t.name === value);
        if (!plan) throw new TransferError(`the backup has rows of a table its header does not list: ${value}`);
        await sink.table(plan);
      } else {
        ended = true;
        await sink.end(value);
      }
    }
  } catch (err) {
    if (err instanceof TransferError) throw err;
    throw new TransferError(`the backup cannot be read: ${(err as Error).message}`);
  }
  if (!header || !ended) throw new TransferError('the backup is incomplete (no end line): it was cut off');
  return header;
}
