import { Type, Nullable, DateTime } from '../../../core/index.js';
import { SessionOutput } from '../../whatsapp_ops/surface.js';
import { IMPORT_SOURCES, IMPORT_STATUSES, UNSUBSCRIBE_SOURCES } from '../entities/values.js';
import { CAMPAIGN_STATUSES, MEDIA_TYPES, PAUSE_REASONS, RECIPIENT_STATUSES, RUN_STATUSES } from '../entities/values.js';

const closed = { additionalProperties: false } as const;
const Rate = Nullable(
  Type.Number({ minimum: 0, maximum: 1, description: 'Share of the messages sent; null before any.' }),
);

export { SessionOutput };

const listFields = {
  id: Type.Integer(),
  name: Type.String(),
  description: Nullable(Type.String()),
  member_count: Type.Integer(),
  created_at: DateTime(),
  updated_at: DateTime(),
};
export const ListOutput = Type.Object(listFields, closed);

export const ListDetailOutput = Type.Object(
  {
    ...listFields,
    eligible_count: Type.Integer({ description: 'Members a campaign would reach (no exclusion applies).' }),
    excluded_count: Type.Integer(),
  },
  closed,
);

export const MemberOutput = Type.Object(
  {
    phone: Type.String(),
    name: Nullable(Type.String()),
    added_at: DateTime(),
    blacklisted: Type.Boolean(),
    unsubscribed: Type.Boolean(),
    opted_out: Type.Boolean(),
  },
  closed,
);

export const BlacklistOutput = Type.Object(
  { id: Type.Integer(), phone: Type.String(), reason: Nullable(Type.String()), created_at: DateTime() },
  closed,
);

export const UnsubscribeOutput = Type.Object(
  {
    id: Type.Integer(),
    phone: Type.String(),
    source: Type.Enum([...UNSUBSCRIBE_SOURCES]),
    campaign_id: Nullable(Type.Integer()),
    created_at: DateTime(),
  },
  closed,
);

/** A phone argument that was not a valid number, by its position in the arguments. */
export const InvalidPhoneOutput = Type.Object(
  { index: Type.Integer(), phone: Type.String(), reason: Type.String() },
  closed,
);

export const ImportOutput = Type.Object(
  {
    id: Type.Integer(),
    list_id: Type.Integer(),
    source: Type.Enum([...IMPORT_SOURCES]),
    params: Type.Record(Type.String(), Type.Unknown(), { description: 'What the import reads, as given.' }),
    status: Type.Enum([...IMPORT_STATUSES]),
    total_rows: Nullable(Type.Integer()),
    processed_rows: Type.Integer(),
    added_count: Type.Integer(),
    duplicate_count: Type.Integer(),
    invalid_count: Type.Integer(),
    progress_percent: Type.Integer({ minimum: 0, maximum: 100 }),
    error: Nullable(Type.String()),
    attempts: Type.Integer(),
    created_at: DateTime(),
    started_at: Nullable(DateTime()),
    finished_at: Nullable(DateTime()),
  },
  closed,
);

const RowError = Type.Object(
  {
    line: Type.Optional(Type.Integer({ description: 'CSV and source rows: the line.' })),
    index: Type.Optional(Type.Integer({ description: 'Typed numbers: the position.' })),
    value: Type.String(),
    code: Type.String(),
    reason: Type.String(),
  },
  closed,
);

/**
 * An import's answer: queued (with a message to poll get_import_status), or done in the call with
 * its counts and bad rows.
 */
export const ImportStarted = Type.Object({
  import: ImportOutput,
  list: ListOutput,
  message: Type.Optional(Type.String({ description: 'Queued: how to follow it.' })),
  received: Type.Optional(Type.Integer()),
  added: Type.Optional(Type.Integer()),
  duplicates: Type.Optional(Type.Integer()),
  invalid_count: Type.Optional(Type.Integer()),
  invalid: Type.Optional(Type.Array(RowError)),
});

export const ImportStatus = Type.Object({
  import: ImportOutput,
  errors: Type.Array(
    Type.Object({ line: Type.Integer(), value: Type.String(), code: Type.String(), reason: Type.String() }, closed),
  ),
  count: Type.Integer(),
  limit: Type.Integer(),
  offset: Type.Integer(),
  has_more: Type.Boolean(),
  errors_truncated: Type.Boolean({ description: 'True when more bad rows happened than were stored.' }),
});

export const SettingsResult = Type.Object({
  config: Type.Object(
    {
      auto_reply_enabled: Type.Boolean(),
      auto_reply_text: Nullable(Type.String()),
      auto_reply_translate: Type.Boolean(),
      auto_reply_unsubscribe: Type.Boolean(),
      require_approval: Type.Boolean(),
      approval_threshold: Nullable(Type.Integer()),
      updated_at: Nullable(DateTime()),
    },
    closed,
  ),
});

export const SegmentOutput = Type.Object(
  {
    tags: Type.Array(Type.String()),
    exclude_tags: Type.Array(Type.String()),
    last_contact_days: Nullable(Type.Integer()),
    has_chatapp_history: Nullable(Type.Boolean()),
  },
  closed,
);

export const CampaignOutput = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    message_text: Type.String(),
    list_id: Type.Integer(),
    status: Type.Enum([...CAMPAIGN_STATUSES]),
    send_interval_seconds: Type.Integer(),
    translate_by_prefix: Type.Boolean(),
    include_unsubscribe_link: Type.Boolean(),
    archive_after_send: Type.Boolean(),
    session_ids: Nullable(Type.Array(Type.Integer())),
    uses_default_sessions: Type.Boolean(),
    segment_filters: Type.Record(Type.String(), Type.Unknown()),
    media_url: Nullable(Type.String()),
    media_type: Nullable(Type.Enum([...MEDIA_TYPES])),
    media_filename: Nullable(Type.String()),
    template: Nullable(
      Type.Object(
        {
          name: Type.String(),
          language: Nullable(Type.String()),
          body_parameters: Nullable(Type.Unknown()),
          header_parameters: Nullable(Type.Unknown()),
          header_media: Nullable(
            Type.Object(
              { link: Nullable(Type.String()), media_id: Nullable(Type.String()), filename: Nullable(Type.String()) },
              closed,
            ),
          ),
          button_parameters: Nullable(Type.Array(Type.Object({ index: Type.Integer(), value: Type.String() }, closed))),
          name_fallback: Nullable(Type.String()),
        },
        { ...closed, description: 'The approved template sent on Cloud API lines; null: message_text everywhere.' },
      ),
    ),
    is_recurring: Type.Boolean(),
    recurring_cron: Nullable(Type.String()),
    timezone: Type.String(),
    scheduled_at: Nullable(DateTime()),
    scheduled_at_local: Nullable(Type.String({ description: 'YYYY-MM-DD HH:MM:SS on the shop clock.' })),
    next_run_at: Nullable(DateTime()),
    next_run_at_local: Nullable(Type.String()),
    approval: Type.Object(
      { required: Type.Boolean(), reason: Nullable(Type.String()), approved_at: Nullable(DateTime()) },
      closed,
    ),
    pause_reason: Nullable(Type.Enum([...PAUSE_REASONS])),
    waiting: Nullable(
      Type.Object({ reason: Type.String(), since: Nullable(DateTime()), message: Type.String() }, closed),
    ),
    duplicated_from: Nullable(Type.Integer()),
    started_at: Nullable(DateTime()),
    completed_at: Nullable(DateTime()),
    cancelled_at: Nullable(DateTime()),
    archived_at: Nullable(DateTime()),
    created_at: DateTime(),
    updated_at: DateTime(),
    recipient_counts: Type.Optional(
      Type.Record(Type.String(), Type.Integer(), { description: 'list_campaigns: recipients by status.' }),
    ),
  },
  closed,
);

export const RunOutput = Type.Object(
  {
    id: Type.Integer(),
    seq: Type.Integer(),
    status: Type.Enum([...RUN_STATUSES]),
    occurrence_at: DateTime(),
    occurrence_at_local: Type.String(),
    recipients_total: Type.Integer(),
    members_total: Type.Integer(),
    excluded_count: Type.Integer(),
    created_at: DateTime(),
    completed_at: Nullable(DateTime()),
  },
  closed,
);

/** The campaign as it is after a change of state. */
export const CampaignResult = Type.Object({ campaign: CampaignOutput });

const statsFields = {
  recipients_total: Type.Integer(),
  sent_total: Type.Integer(),
  delivered_total: Type.Integer(),
  read_total: Type.Integer(),
  replied_total: Type.Integer(),
  unsubscribed_total: Type.Integer(),
  delivery_rate: Rate,
  read_rate: Rate,
  reply_rate: Rate,
  unsubscribe_rate: Rate,
  credits_spent: Type.Integer(),
};
export const StatsOutput = Type.Object(
  {
    ...statsFields,
    counts: Type.Object(Object.fromEntries(RECIPIENT_STATUSES.map((s) => [s, Type.Integer()])), closed),
  },
  closed,
);
export const RunStatsOutput = Type.Object({ run_id: Type.Integer(), ...statsFields }, closed);
export const CampaignStatsRowOutput = Type.Object(
  { id: Type.Integer(), name: Type.String(), status: Type.Enum([...CAMPAIGN_STATUSES]), ...statsFields },
  closed,
);

export const LogOutput = Type.Object(
  {
    id: Type.Integer(),
    run_id: Type.Integer(),
    phone: Type.String(),
    name: Nullable(Type.String()),
    status: Type.Enum([...RECIPIENT_STATUSES]),
    reason: Nullable(Type.String()),
    session_id: Nullable(Type.Integer()),
    message_id: Nullable(Type.Integer()),
    attempts: Type.Integer(),
    language: Nullable(Type.String()),
    translation: Nullable(Type.String()),
    credits_charged: Type.Integer(),
    chat_was_active: Nullable(Type.Boolean()),
    archived_at: Nullable(DateTime()),
    auto_replied_at: Nullable(DateTime()),
    claimed_at: Nullable(DateTime()),
    sent_at: Nullable(DateTime()),
    delivered_at: Nullable(DateTime()),
    read_at: Nullable(DateTime()),
    replied_at: Nullable(DateTime()),
    unsubscribed_at: Nullable(DateTime()),
    created_at: DateTime(),
  },
  closed,
);
