import { Type, DateTimeArg } from '../../../../core/index.js';
import { SegmentFiltersSchema } from '../../services/audience/segment-filters.js';
import { campaignTemplateArg } from './campaign-template-arg.js';
import { CAMPAIGN_STATUSES, MEDIA_TYPES, RECIPIENT_STATUSES } from '../../entities/values.js';

export const campaignIdArg = () => Type.Integer({ minimum: 1 });

/** The longest message_text: room is left for the filled-in variables and the unsubscribe line within the network's 4096 characters. */
export const MESSAGE_TEXT_MAX = 3800;

/**
 * The optional campaign fields of the spec's Campaign record, shared by create_campaign (with the
 * spec's defaults) and update_campaign (without defaults: only what is given changes).
 */
export function campaignFieldArgs(withDefaults: boolean) {
  const d = <T>(value: T) => (withDefaults ? { default: value } : {});
  return {
    send_interval_seconds: Type.Optional(
      Type.Integer({
        minimum: 10,
        maximum: 86_400,
        ...d(30),
        description: 'Seconds between two sends on one line.',
      }),
    ),
    translate_by_prefix: Type.Optional(
      Type.Boolean({
        ...d(false),
        description: "Translate to each recipient's language, told by the phone prefix.",
      }),
    ),
    include_unsubscribe_link: Type.Optional(
      Type.Boolean({ ...d(true), description: 'End each message with a personal unsubscribe link.' }),
    ),
    archive_after_send: Type.Optional(
      Type.Boolean({
        ...d(false),
        description: 'After sending, archive the chats that were not active before.',
      }),
    ),
    session_ids: Type.Optional(
      Type.Union([Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }), Type.Null()], {
        description: 'Lines to send from, in turn; omitted or null: every line enabled for marketing.',
      }),
    ),
    scheduled_at: Type.Optional(
      Type.Union([DateTimeArg(), Type.Null()], {
        description: 'When to start (future); makes the campaign scheduled. null: not scheduled.',
      }),
    ),
    segment_filters: Type.Optional(
      Type.Union([SegmentFiltersSchema, Type.String({ maxLength: 10_000 })], {
        description:
          'Segment of the list (object or JSON string): tags, exclude_tags, last_contact_days, has_chatapp_history.',
      }),
    ),
    media_url: Type.Optional(
      Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], {
        description: 'Public http(s) URL of an image, video or document.',
      }),
    ),
    media_type: Type.Optional(
      Type.Union([Type.Union(MEDIA_TYPES.map((t) => Type.Literal(t))), Type.Null()], {
        description: 'Required with media_url.',
      }),
    ),
    media_filename: Type.Optional(
      Type.Union([Type.String({ maxLength: 255 }), Type.Null()], {
        description: 'File name shown to the recipient; required for documents.',
      }),
    ),
    template: Type.Optional(campaignTemplateArg()),
    is_recurring: Type.Optional(
      Type.Boolean({ ...d(false), description: 'Send again at every occurrence of recurring_cron.' }),
    ),
    recurring_cron: Type.Optional(
      Type.Union([Type.String({ maxLength: 100 }), Type.Null()], {
        description: "Cron (minute hour day month weekday) in the shop's timezone; required when is_recurring.",
      }),
    ),
  };
}

export const campaignStatusArg = () => Type.Union(CAMPAIGN_STATUSES.map((s) => Type.Literal(s)));
export const recipientStatusArg = () => Type.Union(RECIPIENT_STATUSES.map((s) => Type.Literal(s)));
