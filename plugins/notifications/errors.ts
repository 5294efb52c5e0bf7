import { defineErrors, groupNotEnabledEntry, invalidArgumentsEntry, notFoundEntry } from '../../core/index.js';

/** notifications' error codes (besides the kernel's invalid_arguments for schema errors and internal_error). */
export const notificationsErrors = defineErrors({
  conflict: {
    when: 'mark_notification_read with read: false on a notification whose kind already has a newer unread one for the recipient (they would be two unread rows of one thing).',
    data: { notification_id: 'the unread notification that already stands for it' },
  },
  group_not_enabled: groupNotEnabledEntry(
    'Phone delivery (chatapp) or muted lines asked for on a server without the whatsapp_ops group.',
    '"whatsapp_ops"',
  ),
  invalid_arguments: invalidArgumentsEntry(
    'A snooze time in the past or more than 30 days ahead, a quiet-hours time that is not HH:MM, a phone that is not a number, a repeated recipient, or nothing to change.',
  ),
  not_found: notFoundEntry(
    'Unknown notification, agent (a recipient) or line (muted_session_ids), also another shop’s.',
    '"notification", "agent" or "session"',
  ),
});
