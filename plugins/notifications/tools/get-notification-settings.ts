import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { toRecipientId } from '../entities/values.js';
import { Recipient, SettingsOutput } from './outputs.js';

export const getNotificationSettings = defineTool({
  name: 'get_notification_settings',
  title: 'Get notification settings',
  description:
    "A recipient's notification choices: per type recorded and sent to the phone, muted lines, quiet hours and phone.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ recipient: Recipient }),
  output: Type.Object({ settings: SettingsOutput }),
  handler: async ({ recipient }, { services }) => ({
    settings: await services.notificationSettingsService.get(toRecipientId(recipient)),
  }),
});
