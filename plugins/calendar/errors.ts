import {
  defineErrors,
  groupNotEnabledEntry,
  invalidArgumentsEntry,
  invalidStateEntry,
  notFoundEntry,
} from '../../core/index.js';

/** calendar's error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const calendarErrors = defineErrors({
  group_not_enabled: groupNotEnabledEntry(
    'A notification on a channel whose group is not enabled: email (the email group) or whatsapp (whatsapp_ops).',
    '"email" or "whatsapp_ops"',
  ),
  idempotency_conflict: {
    when: 'book_calendar_appointment repeats an idempotency_key already used for a different booking.',
    data: { event_id: 'the booking the key belongs to' },
  },
  invalid_arguments: invalidArgumentsEntry(
    'A rule without its day or date, end before start, an unknown timezone, a price that is not a decimal, an unknown currency or template variable, a date range over 62 days, a view_only agent given events, or nothing to change.',
  ),
  invalid_state: invalidStateEntry(
    'The event’s status does not allow the action (confirming a confirmed event, attendance before the start…), an inactive calendar, or deleting a calendar with future events.',
    {
      action: 'the refused action (reschedule, confirm, cancel, attendance, update)',
      future_events: 'on delete_calendar: how many pending or confirmed events lie ahead',
    },
  ),
  not_found: notFoundEntry(
    'Unknown calendar, availability rule, service, notification, agent, calendar agent or event, also another shop’s.',
    '"calendar", "rule", "service", "notification", "agent", "calendar_agent" or "event"',
  ),
  slot_unavailable: {
    when: 'The time asked for is not a free slot of the service: outside the hours, taken to capacity, too soon, too far ahead, or no agent free.',
    data: { reason: '"outside_hours", "taken", "too_soon", "too_far", "no_agent" or "not_on_grid"' },
  },
});
