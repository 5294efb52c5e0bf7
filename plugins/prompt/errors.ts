import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/**
 * The AI runtime's codes, answered by this group's tools and by every group that asks the runtime
 * for a model (they list the ones their tools can meet).
 */
export const aiErrorEntries = {
  ai_provider_required: {
    when: 'The task needs a language model and the shop’s engine is the built-in one (no provider configured).',
    data: { engine: '"builtin"' },
  },
  ai_provider_auth_failed: {
    when: 'The provider refused the key (401/403). Not retried.',
    data: { http_status: 'what the provider answered' },
  },
  ai_provider_unavailable: {
    when: 'The provider kept failing (429, 5xx, connection lost) through the retries, or answered an error the call cannot fix; for a shop without a provider, the client’s model (sampling) did not answer (`engine: client_sampling`, `reason`).',
    data: { http_status: 'the last status, or null for a lost connection', attempts: 'calls made' },
  },
  ai_timeout: {
    when: 'No answer within the call’s deadline (timeout_ms, retries included).',
    data: { timeout_ms: 'the deadline', attempts: 'calls made' },
  },
  ai_invalid_output: {
    when: 'The model’s answer was not the JSON asked for, also after one repair turn.',
    data: {},
  },
  ai_budget_exceeded: {
    when: 'The shop’s monthly token budget is used up; no call is made.',
    data: { monthly_token_budget: 'the budget', used_tokens: 'this month so far' },
  },
} as const;

/** prompt's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const promptErrors = defineErrors({
  ...aiErrorEntries,
  invalid_arguments: invalidArgumentsEntry(
    'openai_compatible without base_url, api_key or chat_model (the first time); a base_url that is not http(s); a blank base prompt or one over 20,000 characters; enforced_categories not among enabled_categories; a bad rating without answer or correction; text with a decision other than activate.',
  ),
  conflict: {
    when: 'save_prompt with an expected_version older than the current version (someone saved meanwhile).',
    data: { current_version: 'the version now', expected_version: 'the one given' },
  },
  not_found: notFoundEntry(
    'An unknown prompt version or learned rule, also another shop’s.',
    '"prompt version" or "learned rule"',
  ),
  invalid_state: invalidStateEntry(
    'A review decision the rule’s status does not allow (reject an active rule, retire a candidate…).',
  ),
  url_not_allowed: {
    when: 'A base_url that is or resolves to a private, loopback or otherwise internal address (a name that does not resolve right now is saved, with a warning).',
    data: { reason: 'why the address is refused' },
  },
});
