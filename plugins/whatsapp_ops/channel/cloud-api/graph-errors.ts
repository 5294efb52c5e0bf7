import { ChannelError, type ChannelErrorCode } from '../channel-error.js';
import type { LineOutcome } from '../channel-port.js';
import type { GraphError } from './graph-client.js';

interface Meaning {
  code: ChannelErrorCode;
  reason: string;
  lineOutcome?: LineOutcome;
  /** rate_limited: what the limit counts. */
  scope?: 'number' | 'recipient' | 'app';
}

/**
 * Graph error codes (Meta's error-code page) and what they mean here. Branch on `code`, never on
 * the message. The same table names the reasons of failed status webhooks.
 */
const MEANINGS: Record<number, Meaning> = {
  131047: {
    code: 'outside_customer_service_window',
    reason:
      'more than 24 hours have passed since the customer last wrote: only an approved template can be sent (send_chatapp_template)',
  },
  131026: {
    code: 'invalid_recipient',
    reason:
      'undeliverable: the number is not on WhatsApp, uses an old version, or has not accepted the terms (not retried)',
  },
  130429: {
    code: 'rate_limited',
    reason: "the number's message throughput was exceeded",
    scope: 'number',
  },
  131056: {
    code: 'rate_limited',
    reason: 'too many messages to this customer in a short time (pair rate limit)',
    scope: 'recipient',
  },
  80007: { code: 'rate_limited', reason: "the account's API rate limit was reached", scope: 'app' },
  4: { code: 'rate_limited', reason: "the app's API call limit was reached", scope: 'app' },
  190: {
    code: 'unauthorized',
    reason:
      'the access token expired or was revoked: the line is stopped until configure_chatapp_provider is given a new access_token',
    lineOutcome: 'token_expired',
  },
  368: {
    code: 'line_blocked',
    reason: 'the number is temporarily blocked for policy violations: the line is stopped',
    lineOutcome: 'blocked',
  },
  131031: {
    code: 'line_blocked',
    reason: 'the business account is locked: the line is stopped',
    lineOutcome: 'blocked',
  },
  10: { code: 'unauthorized', reason: 'the access token lacks a permission this needs (whatsapp_business_messaging)' },
  200: {
    code: 'unauthorized',
    reason: 'the access token lacks a permission this needs (whatsapp_business_management)',
  },
  100: { code: 'invalid_request', reason: 'the network refused a parameter as invalid' },
  131008: { code: 'invalid_request', reason: 'a required parameter is missing' },
  131009: { code: 'invalid_request', reason: 'a parameter value is not valid' },
  131051: { code: 'invalid_message', reason: 'the message type is not supported' },
  131052: { code: 'invalid_message', reason: 'the media could not be downloaded from the customer' },
  131053: {
    code: 'invalid_message',
    reason: 'the media could not be uploaded (type, size or the link did not answer)',
  },
  132000: { code: 'template_parameters_mismatch', reason: "the parameters do not match the template's placeholders" },
  132001: { code: 'template_not_found', reason: 'the template does not exist in that language' },
  132005: { code: 'template_parameters_mismatch', reason: 'the filled-in template text is too long' },
  132012: { code: 'template_parameters_mismatch', reason: "a parameter's format does not match the template" },
  132015: { code: 'template_not_approved', reason: 'the template is paused for low quality' },
  132016: { code: 'template_not_approved', reason: 'the template is disabled for low quality' },
  131000: { code: 'channel_unavailable', reason: 'the network failed for an unknown reason' },
  131016: { code: 'channel_unavailable', reason: 'the network service is overloaded' },
  1: { code: 'channel_unavailable', reason: 'the Graph API failed for an unknown reason' },
  2: { code: 'channel_unavailable', reason: 'the Graph API is temporarily unavailable' },
};

/** Graph code 100 with this subcode: the object (a number id) does not exist or the token cannot see it. */
const UNKNOWN_OBJECT_SUBCODE = 33;

function meaningOf(code: number | undefined, subcode: number | undefined, httpStatus: number | null): Meaning {
  if (code === 100 && subcode === UNKNOWN_OBJECT_SUBCODE)
    return {
      code: 'session_not_found',
      reason: 'the network does not know this number id, or the token cannot see it',
    };
  if (code !== undefined && MEANINGS[code]) return MEANINGS[code]!;
  if (httpStatus !== null && httpStatus >= 500) return { code: 'channel_unavailable', reason: 'the Graph API failed' };
  return { code: 'invalid_request', reason: 'the network refused the request' };
}

/** The Graph failure as the port's coded error, with what Meta said kept in the details. */
export function channelErrorFromGraph(err: GraphError): ChannelError {
  if (err.kind === 'unreachable')
    return new ChannelError('channel_unavailable', err.message, { reason: 'network', outcome: 'not_sent' });
  if (err.kind !== 'graph')
    return new ChannelError('channel_unavailable', `${err.message}; whether the network acted on it is unknown`, {
      reason: err.kind === 'timeout' ? 'timeout' : 'server_error',
      outcome: 'unknown',
      ...(err.httpStatus !== null && { http_status: err.httpStatus }),
    });
  const body = err.body!;
  const meaning = meaningOf(body.code, body.error_subcode, err.httpStatus);
  const said = [body.message, body.error_data?.details].filter(Boolean).join(' — ');
  return new ChannelError(meaning.code, `${meaning.reason} (Graph error ${body.code ?? '?'}: ${said})`, {
    graph_code: body.code ?? null,
    ...(body.error_subcode !== undefined && { graph_subcode: body.error_subcode }),
    ...(body.fbtrace_id !== undefined && { fbtrace_id: body.fbtrace_id }),
    ...(meaning.lineOutcome && { line_outcome: meaning.lineOutcome }),
    ...(meaning.scope && { scope: meaning.scope }),
    ...(meaning.code === 'channel_unavailable' && { reason: 'server_error', outcome: 'not_sent' }),
    ...(meaning.code === 'invalid_message' && { field: 'media' }),
  });
}

/** A failed status webhook's first error as the reason a message records. */
export function statusFailureReason(
  error: { code?: number; title?: string; message?: string; error_data?: { details?: string } } | undefined,
): string {
  if (!error) return 'delivery failed (the network gave no reason)';
  const meaning = meaningOf(error.code, undefined, null);
  const said = [error.title ?? error.message, error.error_data?.details].filter(Boolean).join(' — ');
  return `${error.code ?? '?'}: ${MEANINGS[error.code ?? -1] ? meaning.reason : 'delivery failed'}${said ? ` (${said})` : ''}`;
}

/** The line outcome a ChannelError carries, if the failure stops the line. */
export const lineOutcomeOf = (err: ChannelError): LineOutcome | null =>
  err.details.line_outcome === 'token_expired' || err.details.line_outcome === 'blocked'
    ? err.details.line_outcome
    : null;
