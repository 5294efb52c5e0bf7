import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/** advanced's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const advancedErrors = defineErrors({
  conflict: {
    when: 'create_custom_function or update_custom_function with a name another of the shop’s functions has; create_crm_field_definition with a key already defined.',
    data: {
      function_id: 'the function that has the name',
      field: '"key"',
      definition_id: 'the definition that has the key',
    },
  },
  custom_function_limit_reached: {
    when: 'The shop has 50 custom functions: the 51st is refused.',
    data: { current_count: 'functions now', max_allowed: 'the limit (50)' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'configure_webhooks with a URL that is not HTTPS or carries credentials, an unknown event type (the message lists the valid ones), or enabling without a URL, a secret or any event; a date that does not parse, or a recovery window that is empty or reaches back more than 30 days; a custom function whose name, parameters schema (the JSON path of each problem), URL, surfaces or headers are refused, or an update with nothing to change; a CRM field definition with an invalid key, options on a non-select field or none on a select one, more than 50 of them.',
  ),
  group_not_enabled: groupNotEnabledEntry('A CRM field tool on a server without the crm group.', '"crm"'),
  invalid_state: invalidStateEntry(
    'send_test_webhook or redeliver_webhook with no URL and secret configured; recover_failed_webhooks while webhooks are off or the endpoint is disabled; update_crm_field_definition changing the type of a field records have values for.',
    { action: 'the refused action', values: 'records with a value (change_type)' },
  ),
  not_found: notFoundEntry(
    'Unknown delivery, custom function or CRM field definition, also another shop’s.',
    '"webhook_delivery", "custom_function" or "crm_field_definition"',
  ),
  url_not_allowed: {
    when: 'webhook_url or a custom function’s url is or resolves to a private, loopback, link-local or otherwise internal address (a name that does not resolve right now is saved, with a warning).',
    data: { reason: 'why', host: 'the host refused', address: 'the address it resolved to, when it did' },
  },
});
