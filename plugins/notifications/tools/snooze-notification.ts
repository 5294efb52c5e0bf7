import { Type, DateTimeArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { NotificationOutput } from './outputs.js';

export const snoozeNotification = defineTool({
  name: 'snooze_notification',
  title: 'Snooze notification',
  description:
    'Hides a notification until `until` (at most 30 days); it then returns unread on top. New activity wakes it earlier.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    notification_id: Type.Integer({ minimum: 1 }),
    until: DateTimeArg('When it comes back.'),
  }),
  output: Type.Object({ notification: NotificationOutput }),
  handler: async ({ notification_id, until }, { services }) => ({
    notification: await services.notificationInboxService.snooze(notification_id, until),
  }),
});
