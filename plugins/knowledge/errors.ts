import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** knowledge's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const knowledgeErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'A blank title or content, a valid_until that is not a future date-time, an update with nothing to change, an import that cannot be read, has more than 5,000 records or no valid one.',
  ),
  not_found: notFoundEntry(
    'An unknown snippet or training suggestion, also another shop’s.',
    '"knowledge snippet" or "training suggestion"',
  ),
  invalid_state: invalidStateEntry(
    'Approving or rejecting a snippet that is not pending; editing, applying or dismissing a suggestion that is not open.',
  ),
});
