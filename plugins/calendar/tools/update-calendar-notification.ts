import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { notificationPayload } from '../services/payloads.js';
import { channelArg, notificationIdArg, notificationTypeArg, templateArg, timingArg } from './args.js';
import { NotificationOutput } from './outputs.js';

export const updateCalendarNotification = defineTool({
  name: 'update_calendar_notification',
  title: 'Update calendar notification',
  description: 'Changes a notification; its waiting deliveries are planned again as it now is (nothing when disabled).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  input: Type.Object({
    notification_id: notificationIdArg,
    notification_type: Type.Optional(notificationTypeArg),
    channel: Type.Optional(channelArg),
    timing_minutes: Type.Optional(timingArg),
    template_text: Type.Optional(templateArg),
    is_enabled: Type.Optional(Type.Boolean()),
  }),
  output: Type.Object({ notification: NotificationOutput }),
  handler: async ({ notification_id, ...fields }, { services }) => ({
    notification: notificationPayload(await services.calendarNotificationsService.update(notification_id, fields)),
  }),
});
