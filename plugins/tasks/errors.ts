import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/** tasks' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const tasksErrors = defineErrors({
  group_not_enabled: groupNotEnabledEntry('ticket_id given on a server without the tickets group.', '"tickets"'),
  invalid_arguments: invalidArgumentsEntry(
    'A blank title or body, a recurrence or reminder without due_at, a date-time that cannot be read, an invalid phone, or nothing to change.',
  ),
  invalid_state: invalidStateEntry(
    'The task’s status does not allow the change (reopening an open task, completing a cancelled one…).',
    {
      action: 'the refused change: start, stop, complete, cancel or reopen',
    },
  ),
  not_found: notFoundEntry('Unknown task, agent or ticket, also another shop’s.', '"task", "agent" or "ticket"'),
});
