import type { FastifyError, FastifyInstance } from 'fastify';
import { RpcCode } from '../errors/json-rpc-error.js';

/**
 * Errors Fastify raises before a route runs (body too large, wrong content type) and anything a
 * route throws, answered in JSON-RPC form with the status Fastify chose. A 5xx carries only the
 * request id; the cause is in the log under that id.
 */
export function errorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error, requestId: request.id }, 'request failed');
    const message =
      status === 413
        ? `Request body too large: the limit is ${app.initialConfig.bodyLimit} bytes`
        : status >= 500
          ? `Internal error (request id ${request.id})`
          : error.message;
    const code = status >= 500 ? RpcCode.INTERNAL_ERROR : RpcCode.INVALID_REQUEST;
    return reply.code(status).send({ jsonrpc: '2.0', id: null, error: { code, message } });
  });
}
