import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/**
 * mass_marketing's error codes (besides the kernel's invalid_arguments for schema errors and
 * internal_error). What the engine meets while sending lands in the recipients' logs instead: the
 * reason of a skipped row (blacklisted, unsubscribed, opted_out, campaign_cancelled) or of a failed
 * one (`<channel code>: <message>`).
 */
export const massMarketingErrors = defineErrors({
  conflict: {
    when: 'create_contact_list with a name another list of the shop has.',
    data: { field: '"name"', list_id: 'the list that has it' },
  },
  group_not_enabled: groupNotEnabledEntry(
    'An import from the crm or tickets group (source crm, create_list_from_followup) while that group is not enabled.',
    '"crm" or "tickets"',
  ),
  invalid_arguments: invalidArgumentsEntry(
    'Invalid phones (all of them), a bad CSV header or rows, bad segment filters or recurrence, a schedule in the past, fields that do not apply to the source, or an update with nothing to change.',
  ),
  invalid_state: invalidStateEntry(
    'The campaign’s status does not allow the action (start, approve, pause, resume, cancel, cancel_schedule, archive, unarchive, update, delete).',
    { action: 'the action' },
  ),
  list_in_use: {
    when: 'delete_contact_list while a scheduled, pending-approval, running or paused campaign uses the list.',
    data: { list_id: 'the list', campaign_ids: 'the campaigns that use it' },
  },
  template_required: {
    when: 'create_campaign, update_campaign, start_campaign or approve_campaign on a campaign whose lines include a Cloud API number (the network takes only approved templates outside the 24-hour window) and that has no template.',
    data: { session_ids: 'the lines that need it' },
  },
  template_not_found: {
    when: 'The campaign’s template is not on the provider of one of its Cloud API lines (create it at Meta, then sync_chatapp_templates).',
    data: { name: 'the template', language: 'the language asked for, or null', provider_id: 'the provider' },
  },
  template_not_approved: {
    when: 'The campaign’s template is not approved at Meta (pending, rejected, paused or disabled).',
    data: { name: 'the template', language: 'its language', status: 'its status' },
  },
  template_parameters_mismatch: {
    when: 'The campaign’s template values do not match the template’s placeholders (missing, extra, positional against named, header media missing).',
    data: { part: 'header, body or buttons', expected: 'the placeholders the template has', given: 'the names given' },
  },
  not_found: notFoundEntry(
    'Unknown or another shop’s list, import, member, blacklist entry, session or campaign.',
    'what was looked for',
  ),
});
