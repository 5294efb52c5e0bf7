import { ChannelError } from '../channel-error.js';
import type { ProviderRefusal } from '../provider-http.js';

interface WahaErrorBody {
  message?: unknown;
  error?: unknown;
  status?: unknown;
  expected?: unknown;
  /** WAHA's answer to an exception that is not an HTTP one (a 500): the error serialised. */
  exception?: { message?: unknown; name?: unknown };
}

/**
 * WAHA's error answers as ChannelErrors. WAHA (NestJS) answers `{ statusCode, message, error }`,
 * where message is a string or, from its validation pipe, a list; or the object a route threw,
 * such as `{ error, session, status, expected }` for a session that is not WORKING; or, for an
 * exception that is not an HTTP one, a 500 `{ statusCode, exception: { message, name, stack } }`.
 * Branches on the HTTP status and WAHA's own phrases, which are stable across its releases.
 */
export function wahaRefusal({ status, body, what }: ProviderRefusal): ChannelError {
  const b = (body ?? {}) as WahaErrorBody;
  const said = phrases(b).join(': ') || `HTTP ${status}`;
  const details = { http_status: status, waha_message: said };
  if (status === 401)
    return new ChannelError('unauthorized', 'WAHA refused the API key (X-Api-Key): check api_key', details);
  if (status === 404)
    return new ChannelError('session_not_found', `WAHA does not know this session (${said})`, details);
  if (status === 422) {
    if (typeof b.error === 'string' && /status is not as expected/i.test(b.error) && Array.isArray(b.expected))
      return b.expected.includes('SCAN_QR_CODE')
        ? new ChannelError('not_awaiting_pairing', `the WAHA session is ${String(b.status)}: there is no QR to scan`, {
            ...details,
            current_status: b.status ?? null,
          })
        : new ChannelError('session_not_connected', `the WAHA session is ${String(b.status)}, not WORKING`, {
            ...details,
            current_status: b.status ?? null,
          });
    if (/only 'default' session/i.test(said))
      return new ChannelError('not_supported', said, { ...details, waha_core_only_default: true });
    if (/available only in Plus/i.test(said))
      return new ChannelError('not_supported', `WAHA Core cannot do this (${said})`, details);
    if (/SCAN_QR_CODE/.test(said)) return new ChannelError('not_awaiting_pairing', said, details);
    if (/already exists/i.test(said)) return new ChannelError('invalid_request', said, { ...details, exists: true });
    return new ChannelError('invalid_request', `WAHA refused ${what}: ${said}`, details);
  }
  if (status === 400) return new ChannelError('invalid_request', `WAHA refused ${what}: ${said}`, details);
  if (status === 429)
    return new ChannelError('rate_limited', `WAHA is rate-limiting ${what}`, { ...details, retry_after_seconds: 5 });
  if (status >= 500) return serverError(status, b, what, said, details);
  return new ChannelError('channel_protocol_error', `WAHA answered ${what} with HTTP ${status}: ${said}`, details);
}

/**
 * A 500 from the engine itself names what failed. The NOWEB engine (Baileys) refuses a send on a
 * closed socket with "Connection Closed" before the message is relayed, so nothing left; its
 * "Timed Out" and every other failure may come after the message went, so the outcome is unknown.
 */
function serverError(
  status: number,
  b: WahaErrorBody,
  what: string,
  said: string,
  details: Record<string, unknown>,
): ChannelError {
  const engine = typeof b.exception?.message === 'string' ? b.exception.message : null;
  if (engine !== null && /^Connection Closed$/i.test(engine))
    return new ChannelError('session_not_connected', 'the WAHA session lost its connection to WhatsApp', {
      ...details,
      outcome: 'not_sent',
    });
  if (engine !== null && /^Timed Out$/i.test(engine))
    return new ChannelError('channel_unavailable', `WhatsApp did not answer WAHA's ${what} in time`, {
      ...details,
      reason: 'timeout',
      outcome: 'unknown',
    });
  return new ChannelError('channel_unavailable', `WAHA failed ${what}: ${said}`, {
    ...details,
    reason: 'server_error',
    // A proxy that could not reach WAHA (502, 503) means the request never got there.
    outcome: status === 502 || status === 503 ? 'not_sent' : 'unknown',
  });
}

/** What the body says: the message (a validation list joined), the error, the exception's message. */
function phrases(b: WahaErrorBody): string[] {
  const message = (Array.isArray(b.message) ? b.message : [b.message]).filter(isPhrase).join('; ');
  return [message, b.error, b.exception?.message].filter(isPhrase);
}

const isPhrase = (s: unknown): s is string => typeof s === 'string' && s !== '';
