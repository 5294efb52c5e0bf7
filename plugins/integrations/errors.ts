import { defineErrors, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';

/** integrations' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const integrationsErrors = defineErrors({
  connection_failed: {
    when: 'connect_ecommerce, update_ecommerce_connection or test_ecommerce_connection when the store refuses the credentials, does not answer, has its API switched off (PrestaShop’s webservice) or is not that platform at that URL. No confirmation is issued for credentials that fail.',
    data: {
      platform_type: 'ecomA … ecomD',
      reason: 'auth, permission, disabled, unreachable, throttled or bad_response',
      status: 'the store’s HTTP status, when it answered',
      resource: 'the resource the key may not read (permission)',
    },
  },
  store_unavailable: {
    when: 'A live lookup (customers, orders, webhooks) that the store refused or did not answer, after the waits a rate limit asks for.',
    data: {
      platform_type: 'ecomA … ecomD',
      reason: 'as connection_failed',
      status: 'the store’s HTTP status, when it answered',
    },
  },
  not_connected: {
    when: 'A tool that needs a storefront when the shop has no connection for the platform named, or none enabled when none is named.',
    data: { platform_type: 'the platform asked for, or null' },
  },
  order_not_for_customer: {
    when: 'get_ecommerce_order with a phone or email that is not the order’s customer’s: the order is not shown.',
    data: { order: 'the order id or number asked for' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'connect_ecommerce without the chosen platform’s fields or with another platform’s; a store URL that is not HTTPS; platform_enabled that is not true/false; a fixed locale without fixed mode, fixed mode without a locale, or a locale the store has not published (the message lists the published ones); a lookup with neither phone nor email; a date that does not parse.',
  ),
  not_found: notFoundEntry('get_ecommerce_order for an order the store does not have.', '"order"'),
  url_not_allowed: {
    when: 'A store URL that is or resolves to a private, loopback, link-local or otherwise internal address (one that does not resolve is connection_failed: the store cannot be reached to check the credentials).',
    data: { reason: 'why', host: 'the host refused', address: 'the address it resolved to, when it did' },
  },
});
