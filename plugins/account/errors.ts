import { defineErrors, invalidArgumentsEntry } from '../../core/index.js';

/** account's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const accountErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'A profile field is not valid (unknown timezone, locale or currency; business hours that overlap, end before they start or pass midnight) or update_shop_profile names no field.',
    '[{ path, message }], e.g. path timezone or business_hours.monday',
  ),
});
