import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/** automation's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const automationErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'A workflow definition with problems (each at its path: steps.2.params.text), a trigger_workflow step naming its own workflow or an unknown one, workflow_ids repeated, a rule without keywords (keyword) or without a reply, keywords given to another type, a phone that is not a valid number, a variable the workflow does not take, date_to before date_from, an update with nothing to change.',
  ),
  not_found: notFoundEntry(
    'An unknown workflow, run, rule, template, line, agent or file, also another shop’s; for bulk tools, `ids` lists every unknown one and nothing is changed.',
    '"workflow", "run", "rule", "template", "session", "agent" or "file"',
  ),
  invalid_state: invalidStateEntry(
    'Enabling workflows whose definitions do not validate (`invalid` lists them with their errors; nothing changes), cancelling a run that has ended, retrying one that has not failed, running a paused workflow.',
    { invalid: 'bulk_toggle_workflows: [{ id, errors }] of the workflows that cannot be enabled' },
  ),
  group_not_enabled: groupNotEnabledEntry(
    'Not a tool answer: a step’s error in a run’s log (get_chatapp_workflow_run) when the group it needs was switched off after the workflow was saved (create_ticket: tickets; assign_conversation: conversations and agents; ai_reply: knowledge; ai_classify: prompt).',
    'the group the step needs',
  ),
  url_not_allowed: {
    when: 'Not a tool answer: an http_request step’s error in a run’s log when the network guard refuses the URL (a private or loopback address, a redirect to one).',
    data: { reason: 'why the address is refused' },
  },
  workflow_limit_reached: {
    when: 'Enabling (or creating enabled) more than 100 active workflows in one shop.',
    data: { limit: 'the limit', active: 'active workflows now' },
  },
});
