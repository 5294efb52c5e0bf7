import type { FastifyError, FastifyInstance } from 'fastify';
import { RpcCode } from '../errors/json-rpc-error.js';
import { bodyRead, drainRequest } from './drain-request.js';

/**
 * How much of a refused request's body is read before answering (a body over the limit, a content
 * type nobody parses): enough for what clients send by mistake, bounded so that a client cannot
 * keep a connection busy. Past either bound the answer goes out anyway and the connection closes.
 */
export const REFUSED_BODY_DRAIN = { bytes: 64 * 1024 * 1024, ms: 10_000 };

/**
 * Errors Fastify raises before a route runs (body too large, wrong content type) and anything a
 * route throws, answered in JSON-RPC form with the status Fastify chose. A 5xx carries only the
 * request id; the cause is in the log under that id. An answer given before the body was read
 * waits until the client has sent it, and closes the connection after itself.
 */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
    const message =
      status === 413
        ? `Request body too large: the limit is ${app.initialConfig.bodyLimit} bytes`
        : status >= 500
          ? `Internal error (request id ${request.id})`
          : error.message;
    const code = status >= 500 ? RpcCode.INTERNAL_ERROR : RpcCode.INVALID_REQUEST;
    if (!bodyRead(request.raw)) {
      await drainRequest(request.raw, REFUSED_BODY_DRAIN.bytes, REFUSED_BODY_DRAIN.ms);
      reply.header('connection', 'close');
    }
    return reply.code(status).send({ jsonrpc: '2.0', id: null, error: { code, message } });
  });
}
