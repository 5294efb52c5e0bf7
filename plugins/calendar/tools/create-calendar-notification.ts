import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { notificationPayload } from '../services/payloads.js';
import { calendarIdArg, channelArg, notificationTypeArg, templateArg, timingArg } from './args.js';
import { NotificationOutput } from './outputs.js';

export const createCalendarNotification = defineTool({
  name: 'create_calendar_notification',
  title: 'Create calendar notification',
  description:
    'Adds a message customers get about their events on this calendar. Sent on the messaging channel with opt-outs and credits applied; email needs the email group. Unknown {variables} are refused.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  action: 'create',
  input: Type.Object({
    calendar_id: calendarIdArg,
    notification_type: notificationTypeArg,
    channel: channelArg,
    timing_minutes: timingArg,
    template_text: templateArg,
    is_enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  }),
  output: Type.Object({ notification: NotificationOutput }),
  handler: async ({ calendar_id, ...fields }, { services }) => ({
    notification: notificationPayload(await services.calendarNotificationsService.create(calendar_id, fields)),
  }),
});
