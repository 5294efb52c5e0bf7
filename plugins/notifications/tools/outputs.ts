import { DateTime, Nullable, pageOutput, Type, type Static, TimeOfDayArg } from '../../../core/index.js';
import { NOTIFICATION_TYPES } from '../entities/values.js';

/** `owner`, or an agent's id. */
export const Recipient = Type.Union([Type.Literal('owner'), Type.Integer({ minimum: 1 })], {
  description: '"owner" or an agent id.',
});

export const NotificationTypeArg = Type.Union(NOTIFICATION_TYPES.map((t) => Type.Literal(t)));

export const NotificationOutput = Type.Object(
  {
    id: Type.Integer(),
    recipient: Recipient,
    type: Type.String(),
    title: Type.String(),
    body: Nullable(Type.String()),
    resource: Nullable(
      Type.Object(
        { type: Type.String(), id: Type.String() },
        { description: 'The record it is about (ticket, campaign, session, calendar_event…).' },
      ),
    ),
    count: Type.Integer({ description: 'How many times it happened while unread (repeats fold into one).' }),
    read: Type.Boolean(),
    read_at: Nullable(DateTime()),
    snoozed: Type.Boolean({ description: 'Hidden until snoozed_until; it comes back unread.' }),
    snoozed_until: Nullable(DateTime()),
    created_at: DateTime(),
    last_activity_at: DateTime(),
  },
  { additionalProperties: false },
);
export type NotificationPayload = Static<typeof NotificationOutput>;

export const TypeSettingOutput = Type.Object(
  {
    enabled: Type.Boolean({ description: 'false: this type is not recorded for the recipient at all.' }),
    chatapp: Type.Boolean({ description: 'Also sent to the recipient’s phone over a connected line.' }),
  },
  { additionalProperties: false },
);

export const QuietHoursShape = Type.Object(
  {
    start: TimeOfDayArg('HH:MM, the shop’s time.'),
    end: TimeOfDayArg('HH:MM; may be before start (overnight).'),
  },
  { additionalProperties: false },
);

export const SettingsOutput = Type.Object(
  {
    recipient: Recipient,
    types: Type.Record(Type.String(), TypeSettingOutput, { description: 'Every type, with its current choice.' }),
    muted_session_ids: Type.Array(Type.Integer(), { description: 'Lines whose news this recipient is not told.' }),
    quiet_hours: Nullable(QuietHoursShape),
    phone: Nullable(Type.String({ description: 'Where phone deliveries go (set here, else the agent’s own phone).' })),
    default: Type.Boolean({ description: 'True while the recipient never changed anything.' }),
  },
  { additionalProperties: false },
);
export type SettingsPayload = Static<typeof SettingsOutput>;

export const NotificationPage = pageOutput('notifications', NotificationOutput, {
  unread_count: Type.Integer({ description: 'Unread and not snoozed, over all types.' }),
});
