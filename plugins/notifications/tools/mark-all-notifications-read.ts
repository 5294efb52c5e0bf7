import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { toRecipientId } from '../entities/values.js';
import { NotificationTypeArg, Recipient } from './outputs.js';

export const markAllNotificationsRead = defineTool({
  name: 'mark_all_notifications_read',
  title: 'Mark all notifications read',
  description:
    'Marks every unread notification of a recipient read (of one type if given) that was active before `before` (default: now), so news arriving meanwhile stays unread. Snoozed ones stay snoozed.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    recipient: Recipient,
    type: Type.Optional(NotificationTypeArg),
    before: Type.Optional(
      Type.String({ description: 'YYYY-MM-DD HH:MM:SS in the shop’s timezone, or ISO 8601 with an offset.' }),
    ),
  }),
  output: Type.Object({ marked: Type.Integer({ minimum: 0 }) }),
  handler: async ({ recipient, type, before }, { services }) =>
    services.inboxService.markAllRead(toRecipientId(recipient), type, before),
});
