import { defineErrors } from '../../core/index.js';

/** tickets' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const ticketsErrors = defineErrors({
  invalid_arguments: {
    when: 'An invalid phone, blank text, neither phone nor customer_email, or update_ai_ticket with nothing to change.',
    data: { errors: '[{ path, message }]' },
  },
  invalid_state: {
    when: 'The ticket’s status does not allow the action (closing a closed ticket, resolving a resolved one…), or a follow-up that is no longer queued.',
    data: { current_status: 'the status now', allowed: 'the statuses the action is allowed from' },
  },
  not_found: {
    when: 'Unknown ticket, follow-up or agent (on assign), also another shop’s.',
    data: { resource: '"ticket", "followup" or "agent"' },
  },
});
