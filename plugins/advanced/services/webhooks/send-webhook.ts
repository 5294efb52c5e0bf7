import { ToolError, type NetworkGuard, readCapped } from '../../../../core/index.js';
import type { SignedWebhook } from './sign-webhook.js';

const EXCERPT_CHARS = 1024;

/** What one request to a receiver came to. `statusCode` null: no answer (refused, timed out, blocked). */
export interface AttemptResult {
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseExcerpt: string | null;
  /** The receiver's Retry-After (429, 503), in milliseconds. */
  retryAfterMs?: number;
}

/**
 * POSTs one signed attempt through the network guard (the receiver's address checked and pinned).
 * Only a 2xx within the timeout succeeds: a redirect is not followed and counts as a failure, as at
 * Svix and GitHub, since following it would send the payload somewhere the shop never named.
 */
export async function sendWebhook(
  guard: NetworkGuard,
  url: string,
  request: SignedWebhook,
  timeoutMs: number,
): Promise<AttemptResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  try {
    const response = await guard.request(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const { text: excerpt } = await readCapped(response.body, EXCERPT_CHARS);
    const status = response.statusCode;
    const succeeded = status >= 200 && status < 300;
    const retryAfter = response.headers['retry-after'];
    const retryAfterMs =
      status === 429 || status === 503
        ? parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : null)
        : undefined;
    return {
      succeeded,
      statusCode: status,
      durationMs: took(),
      error: succeeded ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`,
      responseExcerpt: excerpt,
      ...(retryAfterMs !== undefined && { retryAfterMs }),
    };
  } catch (err) {
    return {
      succeeded: false,
      statusCode: null,
      durationMs: took(),
      error: describe(err, timeoutMs),
      responseExcerpt: null,
    };
  }
}

/** Retry-After as seconds or as an HTTP date. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

function describe(err: unknown, timeoutMs: number): string {
  if (err instanceof ToolError) return `blocked: ${err.message}`;
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  const cause = e.cause?.code ?? e.cause?.message;
  return cause ? `${e.message} (${cause})` : e.message;
}
