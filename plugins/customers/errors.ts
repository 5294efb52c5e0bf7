import { defineErrors } from '../../core/index.js';

/** customers' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const customersErrors = defineErrors({
  invalid_arguments: {
    when: 'An invalid phone, blank text, merging a customer with itself, or update_customer with nothing to change.',
    data: { errors: '[{ path, message }]' },
  },
  not_found: {
    when: 'Unknown phone or tag, also another shop’s customers.',
    data: { resource: '"customer" or "tag"' },
  },
});
