import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** products' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const productsErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'get_product without product_id, external_id, sku or handle; a search query that is blank once trimmed; price_min above price_max; a date that does not parse; update_product_notes or update_product_question with nothing to change; a blank question or a phone without its international prefix.',
  ),
  not_found: notFoundEntry(
    'An unknown product, sync run or product question, also another shop’s.',
    '"product", "sync_run" or "product_question"',
  ),
  faq_limit_reached: {
    when: 'Publishing a question of a product that has faqMaxPerProduct (5) published already.',
    data: { max_allowed: 'the limit', published_ids: 'the product’s published questions' },
  },
  invalid_state: invalidStateEntry(
    'Answering a rejected question; publishing a question without an answer, or taking one back to answered that has none.',
  ),
  not_connected: {
    when: 'sync_products when the shop has no storefront connection for the platform named, or none enabled.',
    data: { platform_type: 'the platform asked for, or null' },
  },
});
