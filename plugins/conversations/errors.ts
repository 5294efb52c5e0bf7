import { defineErrors, groupNotEnabledEntry, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';

/** conversations' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const conversationsErrors = defineErrors({
  group_not_enabled: groupNotEnabledEntry(
    'assign_conversation with an agent while the agents group is not enabled (agent_id 0, unassigning, works without it).',
    '"agents"',
  ),
  invalid_arguments: invalidArgumentsEntry('An invalid phone or a blank search query.'),
  not_found: notFoundEntry(
    'No conversation for the phone (and session), also another shop’s; an unknown agent; an unknown session on get_conversation_messages.',
    '"conversation", "agent" or "session"',
  ),
});
