import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BROTLI_QUALITY, GZIP_LEVEL, negotiateEncoding, type ContentEncoding } from './content-encoding.js';

const compressors: Record<ContentEncoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: GZIP_LEVEL }),
};

/**
 * Compresses every JSON answer of `minBytes` or more for a client whose Accept-Encoding allows it
 * (a full tools/list is about ten times smaller). Answers streamed as server-sent events are
 * written on the raw response and compressed by the stream itself (compressed-event-stream.ts).
 * zlib works on the thread pool, so a large answer does not hold up the event loop.
 */
export function compressAnswers(app: FastifyInstance, minBytes: number): void {
  // A callback hook, not an async one: most answers are small and pass on at once, without a
  // promise; only those that are compressed wait for zlib.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isLargeEnough(payload, minBytes)) return done(null, payload);
    if (reply.hasHeader('content-encoding') || !isJson(reply.getHeader('content-type'))) return done(null, payload);
    // Caches must keep one copy per encoding, whatever this client accepted.
    reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return done(null, payload);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    compressors[encoding](typeof payload === 'string' ? Buffer.from(payload) : (payload as Buffer)).then(
      (body) => done(null, body),
      (err: Error) => done(err),
    );
  });
}

/**
 * Whether a string or Buffer answer has `minBytes` bytes or more. A string is measured without
 * encoding it: UTF-8 takes one to three bytes per UTF-16 unit, so only lengths between the two
 * bounds need counting.
 */
function isLargeEnough(payload: unknown, minBytes: number): boolean {
  if (Buffer.isBuffer(payload)) return payload.length >= minBytes;
  if (typeof payload !== 'string') return false;
  if (payload.length >= minBytes) return true;
  return payload.length * 3 >= minBytes && Buffer.byteLength(payload) >= minBytes;
}

const isJson = (type: unknown) => typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

function varyWithAcceptEncoding(vary: unknown): string {
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(current)) return current;
  return current ? `${current}, Accept-Encoding` : 'Accept-Encoding';
}
