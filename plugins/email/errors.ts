import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** email's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const emailErrors = defineErrors({
  conflict: {
    when: 'create_email_account or update_email_account with an address another of the shop’s accounts has.',
    data: { account_id: 'the account that has it' },
  },
  connection_failed: {
    when: 'The IMAP or SMTP server could not be reached, refused the login or the TLS handshake; nothing was stored.',
    data: {
      side: '"imap", "smtp" or "oauth" (the provider’s token endpoint)',
      reason: '"auth", "tls", "timeout", "refused" or "protocol"',
      server_reply: 'what the server answered, when it did (never a password)',
    },
  },
  email_account_limit_reached: {
    when: 'The shop has 10 email accounts: the 11th is refused on the first call, before any confirmation.',
    data: { current_count: 'accounts now', max_allowed: 'the limit (10)' },
  },
  file_too_large: {
    when: 'upload_email_attachment over 10 MB, or a mail whose attachments come to more than maxMessageBytes (25 MB).',
    data: { max_bytes: 'the limit', size_bytes: 'the size given' },
  },
  forbidden_agent: {
    when: 'assign_email_thread to an agent the account’s agent_hashes leave out.',
    data: { agent_id: 'the agent', account_id: 'the thread’s account' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'basic without imap_host or smtp_host, oauth2 without oauth_provider, an unknown agent hash, assign_to and agent_hash naming two agents, a phone that is not a number, a recipient that is not an address or more than 50 of them, no body, scheduled_at in the past or over a year ahead, or nothing to change.',
  ),
  invalid_state: invalidStateEntry(
    'An action the record’s state refuses: syncing or sending from an inactive or deleted account, changing a scheduled email that is no longer scheduled, or start_email_oauth on a password account.',
    { action: 'the refused action' },
  ),
  not_found: notFoundEntry(
    'Unknown account, thread, message, attachment or agent, also another shop’s; an attachment whose mail is no longer on the server.',
    '"email_account", "email_thread", "email_message", "email_attachment" or "agent"',
  ),
  oauth_not_configured: {
    when: 'start_email_oauth for a provider the deployment has no OAuth2 client for (groups.email.config.oauth).',
    data: { provider: '"gmail", "microsoft" or "none"' },
  },
  sync_in_progress: {
    when: 'sync_email_account while another sync of the account runs (in this process or another).',
    data: { account_id: 'the account', lease_until: 'when the running sync’s hold ends at the latest' },
  },
  url_not_allowed: {
    when: 'imap_host or smtp_host is or resolves to a private, loopback or otherwise internal address (a name that does not resolve is connection_failed, reason refused: the login cannot be checked).',
    data: { reason: 'why', host: 'the host refused' },
  },
});
