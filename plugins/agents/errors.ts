import { defineErrors, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';

/** agents' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const agentsErrors = defineErrors({
  agent_limit_reached: {
    when: 'create_agent when the shop already has as many agents as its plan allows; nothing is created. Retry after delete_agent.',
    data: { current_count: 'agents the shop has', max_allowed: 'agents the plan allows' },
  },
  conflict: {
    when: 'The pin is used by another agent of the shop (pins of other shops do not matter).',
    data: { field: '"pin"' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'A bad email, colour, pin, phone or permission set, a blank name, or update_agent naming no field.',
  ),
  not_found: notFoundEntry('Unknown agent_id, or another shop’s.', '"agent"'),
});
