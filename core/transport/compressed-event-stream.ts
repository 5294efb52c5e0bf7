import type { ServerResponse } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import { BROTLI_QUALITY, GZIP_LEVEL, negotiateEncoding } from './content-encoding.js';

/** Where a server-sent-events answer is written: each event reaches the client when it is written. */
export interface EventSink {
  write(event: string): void;
  end(event: string): void;
}

/**
 * Starts an SSE answer on a hijacked response, compressed when the client's Accept-Encoding allows
 * it. Every event is flushed through the compressor at once (a sync flush), so a client sees each
 * notification when it is sent rather than when the compressor's window fills; the flush costs a
 * few bytes per event, and the stream as a whole still compresses like one document.
 */
export function openEventStream(
  raw: ServerResponse,
  acceptEncoding: string | string[] | undefined,
  headers: Record<string, string>,
): EventSink {
  const encoding = negotiateEncoding(acceptEncoding);
  raw.writeHead(200, { ...headers, ...(encoding && { 'content-encoding': encoding, vary: 'Accept-Encoding' }) });
  if (encoding === undefined)
    return {
      write: (event) => {
        if (!raw.destroyed) raw.write(event);
      },
      end: (event) => raw.end(event),
    };
  const compressor: BrotliCompress | Gzip =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: GZIP_LEVEL });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  compressor.pipe(raw);
  // A client that went away stops the compressor too; nothing more is written for it.
  raw.once('close', () => compressor.destroy());
  return {
    write: (event) => {
      if (raw.destroyed || compressor.destroyed) return;
      compressor.write(event);
      compressor.flush(flushKind);
    },
    end: (event) => {
      if (raw.destroyed || compressor.destroyed) return void raw.end();
      compressor.end(event);
    },
  };
}
