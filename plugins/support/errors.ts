import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** support's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const supportErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry('A blank subject, description, message or query.'),
  invalid_state: invalidStateEntry('Replying to or closing a closed support ticket.', {
    action: 'the refused action: reply or close',
  }),
  not_found: notFoundEntry(
    'Unknown support ticket (also another shop’s) or help article.',
    '"support_ticket" or "article"',
  ),
});
