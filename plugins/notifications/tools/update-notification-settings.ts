import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { NOTIFICATION_TYPES, toRecipientId } from '../entities/values.js';
import { QuietHoursShape, Recipient, SettingsOutput } from './outputs.js';

const TypeChange = Type.Object(
  { enabled: Type.Optional(Type.Boolean()), chatapp: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const updateNotificationSettings = defineTool({
  name: 'update_notification_settings',
  title: 'Update notification settings',
  description:
    "Changes a recipient's notification choices given. Per type: enabled (false: not recorded) and chatapp (also to the phone, billed as an automatic message). muted_session_ids replaces the list. During quiet_hours phone deliveries wait.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    recipient: Recipient,
    types: Type.Optional(
      Type.Object(Object.fromEntries(NOTIFICATION_TYPES.map((t) => [t, Type.Optional(TypeChange)])), {
        additionalProperties: false,
      }),
    ),
    muted_session_ids: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50 })),
    quiet_hours: Type.Optional(Nullable(QuietHoursShape)),
    phone: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 20 }))),
  }),
  output: Type.Object({ settings: SettingsOutput }),
  handler: async ({ recipient, ...changes }, { services }) => ({
    settings: await services.notificationSettingsService.update(toRecipientId(recipient), changes),
  }),
});
