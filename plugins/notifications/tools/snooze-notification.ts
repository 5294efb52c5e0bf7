import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { NotificationOutput } from './outputs.js';

export const snoozeNotification = defineTool({
  name: 'snooze_notification',
  title: 'Snooze notification',
  description:
    'Hides a notification until `until` (future, at most 30 days ahead); then it comes back unread, on top of the list. New activity on the same thing wakes it earlier.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    notification_id: Type.Integer({ minimum: 1 }),
    until: Type.String({ description: 'YYYY-MM-DD HH:MM:SS in the shop’s timezone, or ISO 8601 with an offset.' }),
  }),
  output: Type.Object({ notification: NotificationOutput }),
  handler: async ({ notification_id, until }, { services }) => ({
    notification: await services.inboxService.snooze(notification_id, until),
  }),
});
