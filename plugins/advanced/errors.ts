import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** advanced's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const advancedErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'configure_webhooks with a URL that is not HTTPS or carries credentials, an unknown event type (the message lists the valid ones), or enabling without a URL, a secret or any event; a date that does not parse, or a recovery window that is empty or reaches back more than 30 days.',
  ),
  invalid_state: invalidStateEntry(
    'send_test_webhook or redeliver_webhook with no URL and secret configured; recover_failed_webhooks while webhooks are off or the endpoint is disabled.',
    { action: 'the refused action' },
  ),
  not_found: notFoundEntry('Unknown delivery, also another shop’s.', '"webhook_delivery"'),
  url_not_allowed: {
    when: 'webhook_url resolves to a private, loopback, link-local or otherwise internal address, or does not resolve.',
    data: { reason: 'why', host: 'the host refused', address: 'the address it resolved to, when it did' },
  },
});
