import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/**
 * whatsapp_ops' error codes (besides the kernel's invalid_arguments for schema errors and
 * internal_error): its own, and the channel's (channel/channel-error.ts), which reach callers as
 * they are whether the embedded sandbox or the session service answered.
 */
export const whatsappOpsErrors = defineErrors({
  channel_protocol_error: {
    when: 'The session service answered something that is not its protocol (not JSON, an unknown error).',
    data: { http_status: 'what it answered' },
  },
  channel_unavailable: {
    when: 'The messaging engine cannot be reached or failed (timeout, network, 5xx); a send waits and is retried.',
    data: { reason: '"timeout", "network" or "server_error"', http_status: 'for server_error' },
  },
  idempotency_conflict: {
    when: 'A send repeats an idempotency key already used for another phone or content.',
    data: { message_id: 'the message the key belongs to' },
  },
  insufficient_credits: {
    when: 'The shop has fewer credits than the message costs; nothing is sent or charged.',
    data: { required: 'credits needed', balance: 'credits the shop has' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'An invalid phone, a blank or too long message, a bad date range, a schedule in the past, or settings with nothing to change.',
  ),
  invalid_message: {
    when: 'The network refused the message content (too long, neither text nor media, bad media).',
    data: { field: 'the field at fault' },
  },
  invalid_receipt: {
    when: 'A receipt that cannot follow the message’s status (sandbox and session-service routes).',
  },
  invalid_recipient: {
    when: 'The network cannot deliver to that number.',
  },
  invalid_request: {
    when: 'The session service refused a request as malformed (a bad idempotency key, a missing field).',
    data: { field: 'the field at fault, when known' },
  },
  invalid_state: invalidStateEntry(
    'Disconnecting a line that is already disconnected; cancelling a message that is no longer scheduled.',
  ),
  not_awaiting_pairing: {
    when: 'A pairing request for a line that is not waiting to be paired.',
  },
  not_found: notFoundEntry(
    'Unknown or another shop’s session, scheduled message, opt-out or agent.',
    'what was looked for',
  ),
  opted_out: {
    when: 'An automatic send to a phone that opted out; nothing is sent or charged (a person’s send still goes).',
    data: { phone: 'the phone' },
  },
  outside_contact_window: {
    when: 'An automatic send whose source is filtered, to a customer who has not written to the line within the window; nothing is sent or charged.',
    data: {
      phone: 'the phone',
      billing_source: 'the filtered source',
      window_hours: 'the window',
      last_inbound_at: 'the customer’s last message, or null',
      session_id: 'the line',
    },
  },
  payload_too_large: {
    when: 'The session service refused a body over its size limit.',
  },
  rate_limited: {
    when: 'The session service is limiting this client; retry after the given time.',
    data: { retry_after_seconds: 'when to retry' },
  },
  session_not_connected: {
    when: 'The named line is not connected, or no connected line has the sender role (connect one with connect_chatapp, give a line the role, or name session_id).',
    data: {
      session_id: 'the named line (null when none was named)',
      current_status: 'its status, for a named line',
      sender_role: 'the role no line has, when none was named',
    },
  },
  session_not_found: {
    when: 'The engine does not know the line (it was removed on its side).',
  },
  session_not_owned: {
    when: 'The session service refused a line that belongs to another client.',
  },
  unauthorized: {
    when: 'The engine refused the line’s credentials (its API key is missing or wrong).',
  },
});
