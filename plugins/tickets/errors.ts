import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** tickets' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const ticketsErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'An invalid phone, blank text, neither phone nor customer_email, or update_ai_ticket with nothing to change.',
  ),
  invalid_state: invalidStateEntry(
    'The ticket’s status does not allow the action (closing a closed ticket, resolving a resolved one…), or a follow-up that is no longer queued.',
    { action: 'the refused change (note, update, assign, close, resolve, reopen), for the ticket' },
  ),
  not_found: notFoundEntry(
    'Unknown ticket, follow-up or agent (on assign), also another shop’s.',
    '"ticket", "followup" or "agent"',
  ),
});
