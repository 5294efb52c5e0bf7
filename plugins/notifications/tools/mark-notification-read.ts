import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { NotificationOutput } from './outputs.js';

export const markNotificationRead = defineTool({
  name: 'mark_notification_read',
  title: 'Mark notification read',
  description:
    'Marks a notification read (read: false: unread); this also wakes a snoozed one and cancels its waiting phone delivery.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    notification_id: Type.Integer({ minimum: 1 }),
    read: Type.Boolean({ default: true }),
  }),
  output: Type.Object({ notification: NotificationOutput }),
  handler: async ({ notification_id, read }, { services }) => ({
    notification: await services.notificationInboxService.markRead(notification_id, read!),
  }),
});
