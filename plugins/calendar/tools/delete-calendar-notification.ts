import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { notificationIdArg } from './args.js';
import { Deleted } from './outputs.js';

export const deleteCalendarNotification = defineTool({
  name: 'delete_calendar_notification',
  title: 'Delete calendar notification',
  description: 'Deletes a notification and cancels its waiting deliveries.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ notification_id: notificationIdArg }),
  output: Deleted,
  handler: async ({ notification_id }, { services }) => {
    await services.calendarNotificationsService.delete(notification_id);
    return { deleted: true, id: notification_id };
  },
});
