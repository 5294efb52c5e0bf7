import { Type, Nullable, DateTime, type TProperties } from '../../../core/index.js';
import {
  BILLING_SOURCES,
  DIRECTIONS,
  MESSAGE_STATUSES,
  ROUTING_ROLES,
  SCHEDULED_STATUSES,
  SESSION_STATUSES,
} from '../entities/values.js';

export const RoutingRoleOutput = Type.Enum([...ROUTING_ROLES]);

/** channel-label.ts: every answer that involves the network says whether a sandbox stood in for it. */
export const ChannelLabelFields: TProperties = {
  sandbox: Type.Boolean({ description: 'True when a simulated engine answered: nothing reached the real network.' }),
  notice: Type.Optional(Type.String({ description: 'Present when sandbox is true: what was simulated.' })),
};

const sessionFields = {
  id: Type.Integer(),
  label: Nullable(Type.String()),
  status: Type.Enum([...SESSION_STATUSES]),
  phone: Nullable(Type.String({ description: "The line's own number, known once paired." })),
  routing_roles: Type.Array(RoutingRoleOutput),
  mass_marketing_enabled: Type.Boolean(),
  session_key: Type.String({ description: "The engine's name for the line (not a secret)." }),
  adapter: Type.String({
    description:
      "What reaches the network for this line: the installation's sandbox or session-service, or a provider kind (cloud_api).",
  }),
  provider_id: Nullable(
    Type.Integer({ description: "The shop's provider the line belongs to (null: the installation's adapter)." }),
  ),
  external_id: Nullable(
    Type.String({ description: "The network's id of a registered number (the Cloud API's phone_number_id)." }),
  ),
  sandbox: Type.Boolean(),
  status_reason: Nullable(
    Type.String({
      description: 'Why the network stopped the line (token_expired, blocked) and what it said; null otherwise.',
    }),
  ),
  connected_at: Nullable(DateTime()),
  disconnected_at: Nullable(DateTime()),
  created_at: DateTime(),
};

export const SessionOutput = Type.Object(sessionFields, { additionalProperties: false });

const Live = Type.Union([
  Type.Object(
    {
      status: Type.Enum(['awaiting_pairing', 'connected', 'logged_out']),
      phone: Nullable(Type.String()),
      connected_at: Nullable(DateTime()),
      disconnected_at: Nullable(DateTime()),
      engine: Type.String(),
      sandbox: Type.Boolean(),
      notice: Type.String(),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    { error: Type.String({ description: 'Why the engine could not answer for this line.' }), message: Type.String() },
    { additionalProperties: false },
  ),
]);

export const LiveSessionOutput = Type.Object(
  { ...sessionFields, live: Live },
  { additionalProperties: false, description: 'The stored line with what its engine reports now.' },
);

export const PairingOutput = Type.Object(
  {
    status: Type.Enum(['awaiting_pairing', 'connected', 'logged_out']),
    pairing_url: Nullable(Type.String()),
    qr_image_url: Nullable(Type.String()),
    qr_data_url: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

const Media = Type.Object(
  {
    url: Nullable(Type.String({ description: 'Where the media is; null for media the network refers to by id.' })),
    mime_type: Type.String(),
    caption: Type.Optional(Type.String()),
    filename: Type.Optional(Type.String()),
    provider_media_id: Type.Optional(Type.String({ description: "The network's id of inbound media." })),
    file_id: Type.Optional(Type.Integer({ description: "The storage group's file that keeps inbound media." })),
    not_kept: Type.Optional(Type.String({ description: 'Why inbound media was not kept.' })),
  },
  { additionalProperties: false },
);

const TemplateSent = Type.Object(
  {
    name: Type.String(),
    language: Type.String(),
    components: Type.Array(Type.Object({}, { additionalProperties: true })),
  },
  { additionalProperties: false, description: 'The approved template sent, with its parameters.' },
);

export const MessageOutput = Type.Object(
  {
    id: Type.Integer(),
    session_id: Type.Integer(),
    phone: Type.String(),
    direction: Type.Enum([...DIRECTIONS]),
    text: Nullable(Type.String()),
    media: Nullable(Media),
    template: Nullable(TemplateSent),
    status: Type.Enum([...MESSAGE_STATUSES]),
    provider_message_id: Nullable(Type.String()),
    idempotency_key: Nullable(Type.String()),
    automatic: Type.Boolean(),
    billing_source: Nullable(Type.String()),
    credits_charged: Type.Integer(),
    error: Nullable(Type.String()),
    sent_at: Nullable(DateTime()),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);

export const OptoutOutput = Type.Object(
  { id: Type.Integer(), phone: Type.String(), reason: Nullable(Type.String()), created_at: DateTime() },
  { additionalProperties: false },
);

export const ScheduledOutput = Type.Object(
  {
    id: Type.Integer(),
    phone: Type.String(),
    message: Type.String(),
    session_id: Nullable(Type.Integer()),
    send_at: DateTime(),
    status: Type.Enum([...SCHEDULED_STATUSES]),
    attempts: Type.Integer(),
    message_id: Nullable(Type.Integer({ description: 'The sent message, once sent.' })),
    error: Nullable(Type.String()),
    cancelled_at: Nullable(DateTime()),
    cancelled_by_agent_id: Nullable(Type.Integer()),
    created_at: DateTime(),
    updated_at: DateTime(),
  },
  { additionalProperties: false },
);

export const SettingsOutput = Type.Object(
  {
    settings: Type.Object(
      {
        window_hours: Type.Integer(),
        window_hours_source: Type.Enum(['shop', 'default']),
        filters: Type.Object(Object.fromEntries(BILLING_SOURCES.map((s) => [s, Type.Boolean()])), {
          additionalProperties: false,
        }),
        updated_at: Nullable(DateTime()),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const EligibilityOutput = Type.Object(
  {
    phone: Type.String(),
    billing_source: Type.Enum([...BILLING_SOURCES]),
    sender_role: RoutingRoleOutput,
    eligible: Type.Boolean(),
    reason: Nullable(Type.Enum(['session_not_connected', 'opted_out', 'outside_window'])),
    within_window: Type.Boolean(),
    last_inbound_at: Nullable(DateTime()),
    window_expires_at: Nullable(DateTime()),
    window_hours: Type.Integer(),
    filter_enabled: Type.Boolean(),
    opted_out: Type.Boolean(),
    line: Nullable(
      Type.Object(
        { session_id: Type.Integer(), phone: Nullable(Type.String()), label: Nullable(Type.String()) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
