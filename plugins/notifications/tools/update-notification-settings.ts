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
    'Changes a recipient’s notification choices; what is not given stays. types: per type, enabled (false: not recorded at all) and chatapp (also sent to the phone over a connected line with the operations role, billed like any automatic message). ' +
    'muted_session_ids: lines whose news this recipient is not told (replaces the list). quiet_hours: {start, end} HH:MM in the shop’s time during which phone deliveries wait (null: none); the dashboard still gets them at once. phone: where phone deliveries go (agents default to their own phone; null clears).',
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
