import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ChannelError } from './channel-error.js';

export interface JsonErrorBody {
  error: string;
  code: string;
  [detail: string]: unknown;
}

/** The JSON error body of the session service and the channel routes: `{ error, code, ...details }`. */
export function sendChannelError(reply: FastifyReply, err: ChannelError): FastifyReply {
  const retryAfter = err.details.retry_after_seconds;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply
    .code(err.httpStatus)
    .send({ error: err.message, code: err.code, ...err.details } satisfies JsonErrorBody);
}

/**
 * Fastify's own failures (schema validation, body too large, bad JSON) and anything a route
 * throws, as the same JSON. A 5xx carries only the request id; the cause goes to the log.
 */
export function jsonErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ChannelError) return sendChannelError(reply, error);
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  let body: JsonErrorBody;
  if (status === 413) {
    const limit = request.routeOptions.bodyLimit;
    body = {
      error: `request body too large: the limit is ${limit} bytes`,
      code: 'payload_too_large',
      limit_bytes: limit,
    };
  } else if (status === 415) {
    body = { error: 'unsupported content type: send application/json', code: 'invalid_request' };
  } else if (status < 500) {
    body = { error: error.validation ? `invalid request: ${error.message}` : error.message, code: 'invalid_request' };
  } else {
    request.log.error({ err: error, requestId: request.id }, 'request failed');
    body = { error: `internal error (request id ${request.id})`, code: 'internal_error' };
  }
  return reply.code(status).send(body);
}
