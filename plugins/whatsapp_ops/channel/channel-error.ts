/**
 * The coded failure every adapter and the session service use. The codes double as tool
 * error_codes and as the `code` field of the session service's JSON errors, so a failure keeps
 * its meaning across the HTTP boundary.
 */
export const CHANNEL_ERRORS = {
  session_not_found: 404,
  session_not_connected: 409,
  not_awaiting_pairing: 409,
  invalid_recipient: 400,
  invalid_message: 400,
  invalid_receipt: 409,
  idempotency_conflict: 409,
  invalid_request: 400,
  unauthorized: 401,
  session_not_owned: 401,
  rate_limited: 429,
  payload_too_large: 413,
  channel_unavailable: 503,
  channel_protocol_error: 502,
  outside_customer_service_window: 422,
  line_blocked: 403,
  template_not_found: 404,
  template_not_approved: 409,
  template_parameters_mismatch: 400,
  not_supported: 501,
} as const;

export type ChannelErrorCode = keyof typeof CHANNEL_ERRORS;

export class ChannelError extends Error {
  constructor(
    readonly code: ChannelErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ChannelError';
  }

  get httpStatus(): number {
    return CHANNEL_ERRORS[this.code];
  }
}

export const isChannelErrorCode = (code: unknown): code is ChannelErrorCode =>
  typeof code === 'string' && Object.hasOwn(CHANNEL_ERRORS, code);
