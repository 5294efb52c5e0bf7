import { ChannelError } from '../channel-error.js';
import type { ProviderRefusal } from '../provider-http.js';

/**
 * Evolution API's error answers (`{ status, error, response: { message } }`) as ChannelErrors, by
 * HTTP status and Evolution's own phrases. message is a string (an error thrown outside its
 * exceptions: 500), a list, or a list holding a list (its schema validation).
 */
export function evolutionRefusal({ status, body, what }: ProviderRefusal): ChannelError {
  const message = (body as { response?: { message?: unknown } } | undefined)?.response?.message;
  const parts = (Array.isArray(message) ? message : message === undefined ? [] : [message]).flat();
  const said = parts.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))).join('; ') || `HTTP ${status}`;
  const details = { http_status: status, evolution_message: said };
  // Baileys refuses on a closed socket before anything is relayed: 500 from the number check, 400 from the send.
  if (/Connection Closed/i.test(said))
    return new ChannelError('session_not_connected', 'the Evolution API instance is not connected to WhatsApp', {
      ...details,
      outcome: 'not_sent',
    });
  if (status === 401)
    return new ChannelError('unauthorized', 'Evolution API refused the API key (apikey): check api_key', details);
  if (status === 404)
    return new ChannelError('session_not_found', `Evolution API does not know this instance (${said})`, details);
  if (status === 403 && /already in use/i.test(said))
    return new ChannelError('invalid_request', said, { ...details, exists: true });
  if (status === 400) {
    const notOnWhatsapp = parts.find(
      (p): p is { exists: boolean; number?: string } =>
        typeof p === 'object' && p !== null && (p as { exists?: unknown }).exists === false,
    );
    if (notOnWhatsapp)
      return new ChannelError(
        'invalid_recipient',
        `${notOnWhatsapp.number ?? 'the number'} is not on WhatsApp`,
        details,
      );
    if (/not connected/i.test(said)) return new ChannelError('session_not_connected', said, details);
    if (parts.length === 1 && typeof parts[0] === 'string' && THROWN.test(parts[0]))
      return thrownInSend(parts[0], what, details);
    return new ChannelError('invalid_request', `Evolution API refused ${what}: ${said}`, details);
  }
  if (status === 429)
    return new ChannelError('rate_limited', `Evolution API is rate-limiting ${what}`, {
      ...details,
      retry_after_seconds: 5,
    });
  if (status >= 500)
    return new ChannelError('channel_unavailable', `Evolution API failed ${what}: ${said}`, {
      ...details,
      reason: 'server_error',
      // A proxy that could not reach the API (502, 503) means the request never got there.
      outcome: status === 502 || status === 503 ? 'not_sent' : 'unknown',
    });
  return new ChannelError(
    'channel_protocol_error',
    `Evolution API answered ${what} with HTTP ${status}: ${said}`,
    details,
  );
}

/** `String(error)` of a JavaScript error ("Error: Timed Out", "TypeError: …"), as Evolution's send wraps one. */
const THROWN = /^[A-Za-z]*Error: /;

/**
 * Evolution's send wraps whatever it raised in a 400, also an error after the message was relayed
 * (storing it, its webhook), so a thrown error is not a refusal: the message may have left, and
 * the send ledger must not send it again blindly. Baileys' "Timed Out" is a query that got no answer.
 */
function thrownInSend(thrown: string, what: string, details: Record<string, unknown>): ChannelError {
  const timedOut = /^Error: Timed Out$/i.test(thrown);
  return new ChannelError(
    'channel_unavailable',
    timedOut ? `WhatsApp did not answer Evolution API's ${what} in time` : `Evolution API failed ${what}: ${thrown}`,
    { ...details, reason: timedOut ? 'timeout' : 'server_error', outcome: 'unknown' },
  );
}
