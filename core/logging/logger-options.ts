import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { redactUrl } from './redact-url.js';

/** Tokens and secrets never reach a log line, whichever object they travel in. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  '*.token',
  '*.confirmation_token',
  '*.password',
  '*.secret',
  '*.api_key',
  '*.apiKey',
  'err.config.headers',
];

/** Fastify's request fields, with the URL's credentials redacted (core/logging/redact-url.ts). */
const serializers = {
  req: (request: FastifyRequest) =>
    // A plain object logged under `req` is left to the redaction paths.
    typeof request.url !== 'string'
      ? (request as unknown as Record<string, unknown>)
      : {
          method: request.method,
          url: redactUrl(request.url, request.routeOptions?.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        },
};

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' }, serializers, ...(stream && { stream }) };
}
