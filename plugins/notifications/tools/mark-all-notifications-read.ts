import { Type, DateTimeArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { toRecipientId } from '../entities/values.js';
import { NotificationTypeArg, Recipient } from './outputs.js';

export const markAllNotificationsRead = defineTool({
  name: 'mark_all_notifications_read',
  title: 'Mark all notifications read',
  description:
    "Marks a recipient's unread notifications (optionally of one type) active before `before` read, so later news stays unread. Snoozed ones stay snoozed.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    recipient: Recipient,
    type: Type.Optional(NotificationTypeArg),
    before: Type.Optional(DateTimeArg('Active before this time; default now.')),
  }),
  output: Type.Object({ marked: Type.Integer({ minimum: 0 }) }),
  handler: async ({ recipient, type, before }, { services }) =>
    services.notificationInboxService.markAllRead(toRecipientId(recipient), type, before),
});
