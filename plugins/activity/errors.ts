import { defineErrors, notFoundEntry } from '../../core/index.js';

/** activity's error codes (besides the kernel's invalid_arguments, tool_not_in_scope, token_read_only and internal_error). */
export const activityErrors = defineErrors({
  not_found: notFoundEntry('Unknown entry_id, also another shop’s.', '"entry"'),
});
