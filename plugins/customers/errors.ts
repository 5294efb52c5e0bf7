import { defineErrors, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';

/** customers' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const customersErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'An invalid phone, blank text, merging a customer with itself, or update_customer with nothing to change.',
  ),
  not_found: notFoundEntry('Unknown phone or tag, also another shop’s customers.', '"customer" or "tag"'),
});
