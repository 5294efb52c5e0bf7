import { defineErrors, invalidArgumentsEntry, invalidStateEntry, notFoundEntry } from '../../core/index.js';

/** smart_followup's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const smartFollowupErrors = defineErrors({
  invalid_arguments: invalidArgumentsEntry(
    'A phone that is not a valid number; a reference missing for a quote or cart, given for a conversation, or of another kind; a template or message with an unknown placeholder; quiet hours from and to equal; a due_at in the past or after the follow-up expires; not exactly one selector or target; date_to before date_from; an update with nothing to change.',
  ),
  not_found: notFoundEntry('An unknown follow-up or session, also another shop’s.', '"follow-up" or "session"'),
  invalid_state: invalidStateEntry(
    'Rescheduling or cancelling a follow-up that is not scheduled; converting one that is not scheduled or sent; creating one of a type the shop switched off.',
  ),
  recipient_opted_out: {
    when: 'create_followup for a phone that opted out of automatic messages.',
    data: { phone: 'the phone' },
  },
});
