import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/**
 * whatsapp_ops' error codes (besides the kernel's invalid_arguments for schema errors and
 * internal_error): its own, and the channel's (channel/channel-error.ts), which reach callers as
 * they are whether the embedded sandbox or the session service answered.
 */
export const whatsappOpsErrors = defineErrors({
  channel_protocol_error: {
    when: 'The session service or a provider answered something that is not its protocol (not JSON, an unknown error).',
    data: { http_status: 'what it answered' },
  },
  channel_unavailable: {
    when: 'The messaging engine cannot be reached or failed (timeout, network, 5xx); a send waits and is retried. A request a network may have taken (a timeout) has an unknown outcome and is never sent again blindly.',
    data: {
      reason:
        '"timeout", "network", "server_error" or "outcome_unknown" (an earlier attempt with the key got no answer)',
      http_status: 'for server_error',
      outcome: '"not_sent", or "unknown" when the network may have taken it',
      graph_code: "the Cloud API's error code, when it answered one",
    },
  },
  group_not_enabled: groupNotEnabledEntry('upload_chatapp_media on a server without the storage group.', '"storage"'),
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
    when: 'The network refused the message content (too long, neither text nor media, bad media, text the Cloud API can only carry as a caption).',
    data: { field: 'the field at fault', graph_code: "the Cloud API's error code (131051, 131053)" },
  },
  invalid_receipt: {
    when: 'A receipt that cannot follow the message’s status (sandbox and session-service routes).',
  },
  invalid_recipient: {
    when: 'The network cannot deliver to that number (the Cloud API’s 131026: not on WhatsApp, an old version, terms not accepted); not retried.',
    data: { graph_code: "the Cloud API's error code, when it answered one" },
  },
  invalid_request: {
    when: 'The session service or the Cloud API refused a request as malformed (a bad idempotency key, a missing field, Graph error 100).',
    data: {
      field: 'the field at fault, when known',
      graph_code: "the Cloud API's error code",
      fbtrace_id: "Meta's trace id",
    },
  },
  invalid_state: invalidStateEntry(
    'Disconnecting a line that is already disconnected; cancelling a message that is no longer scheduled; removing a provider whose lines are in use.',
  ),
  line_blocked: {
    when: 'The network blocked the number for policy violations (Cloud API 368, or a locked account 131031): the line is stopped and the owner told.',
    data: { graph_code: "the Cloud API's error code", line_outcome: '"blocked"' },
  },
  not_supported: {
    when: 'The line’s adapter cannot do this: templates on a sandbox or session-service line, template sync on a provider without templates, a line made by an adapter the server no longer runs.',
    data: { session_id: 'the line, when one was named' },
  },
  not_awaiting_pairing: {
    when: 'A pairing request for a line that is not waiting to be paired.',
  },
  not_found: notFoundEntry(
    'Unknown or another shop’s session, scheduled message, opt-out, agent, provider or file.',
    'what was looked for',
  ),
  opted_out: {
    when: 'An automatic send to a phone that opted out; nothing is sent or charged (a person’s send still goes).',
    data: { phone: 'the phone' },
  },
  outside_customer_service_window: {
    when: 'A free-form message on a line whose network allows one only within 24 h of the customer’s last message (the Cloud API; its 131047): nothing is sent or charged. Send an approved template with send_chatapp_template.',
    data: {
      phone: 'the customer',
      session_id: 'the line',
      last_inbound_at: 'the customer’s last message to the line, or null',
      window_hours: '24',
      template_tool: '"send_chatapp_template"',
    },
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
    when: 'The session service or the network is limiting sends (Cloud API 130429: the number’s throughput; 131056: too many to one customer); the message waits and is retried.',
    data: {
      retry_after_seconds: 'when to retry, when said',
      scope: '"number", "recipient" or "app" (Cloud API)',
      graph_code: "the Cloud API's error code",
    },
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
  template_not_approved: {
    when: 'The template is not approved (pending, rejected, paused or disabled at Meta): only approved templates are sent.',
    data: { name: 'the template', language: 'its language', status: 'its status' },
  },
  template_not_found: {
    when: 'No template of that name (and language) on the line’s provider: create it at Meta, then sync_chatapp_templates.',
    data: { name: 'the template', language: 'the language asked for, or null', provider_id: 'the provider' },
  },
  template_parameters_mismatch: {
    when: 'The values given do not match the template’s placeholders (a missing, extra or blank value, positional against named, header media missing).',
    data: { part: 'header, body or buttons', expected: 'the placeholders the template has', given: 'the names given' },
  },
  unauthorized: {
    when: 'The engine refused the line’s credentials (a session-service API key missing or wrong; a Cloud API token expired or revoked, 190: the provider’s lines are stopped until it gets a new token).',
    data: { graph_code: "the Cloud API's error code", line_outcome: '"token_expired" when the lines stopped' },
  },
  url_not_allowed: {
    when: 'A URL given for a provider points at a private, loopback or otherwise refused address, or is not http(s).',
    data: { reason: 'why it was refused' },
  },
});
