import type { FastifyServerOptions } from 'fastify';

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

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}
