import { defineErrors, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';

/** products' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const productsErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'get_product without product_id, external_id, sku or handle; a search query that is blank once trimmed; price_min above price_max; a date that does not parse; update_product_notes with nothing to change.',
  ),
  not_found: notFoundEntry('An unknown product or sync run, also another shop’s.', '"product" or "sync_run"'),
  not_connected: {
    when: 'sync_products when the shop has no storefront connection for the platform named, or none enabled.',
    data: { platform_type: 'the platform asked for, or null' },
  },
});
