import { invalidArguments, type FieldError, type ShopContext, parseShopTime } from '../../../../core/index.js';
import { parseSegmentFilters, segmentPayload, type SegmentFiltersInput } from '../audience/segment-filters.js';
import { checkCron } from './recurrence.js';
import { publicUrlProblem } from './public-url.js';
import type { MediaType } from '../../entities/values.js';
import { campaignTemplateOf, type CampaignTemplate, type CampaignTemplateArgs } from './campaign-template.js';

/** The campaign fields as the tools take them (create_campaign; update_campaign takes any of them). */
export interface CampaignArgs {
  name?: string;
  message_text?: string;
  list_id?: number;
  send_interval_seconds?: number;
  translate_by_prefix?: boolean;
  include_unsubscribe_link?: boolean;
  archive_after_send?: boolean;
  session_ids?: number[] | null;
  scheduled_at?: string | null;
  segment_filters?: unknown;
  media_url?: string | null;
  media_type?: MediaType | null;
  media_filename?: string | null;
  template?: CampaignTemplateArgs | null;
  is_recurring?: boolean;
  recurring_cron?: string | null;
}

/** The same fields in the entity's terms, each present only when given. */
export interface CampaignFields {
  name?: string;
  messageText?: string;
  listId?: number;
  sendIntervalSeconds?: number;
  translateByPrefix?: boolean;
  includeUnsubscribeLink?: boolean;
  archiveAfterSend?: boolean;
  sessionIds?: number[] | null;
  scheduledAt?: Date | null;
  segmentFilters?: SegmentFiltersInput;
  mediaUrl?: string | null;
  mediaType?: MediaType | null;
  mediaFilename?: string | null;
  template?: CampaignTemplate | null;
  isRecurring?: boolean;
  recurringCron?: string | null;
}

const blank = (v: string | null | undefined) => v === undefined || v === null || v.trim() === '';

/** Field-by-field checks that the schema cannot express; every problem is reported at once. */
export function campaignFields(args: CampaignArgs, shop: ShopContext, now = new Date()): CampaignFields {
  const errors: FieldError[] = [];
  const out: CampaignFields = {};
  const text = (value: string | undefined, field: string) => {
    if (value === undefined) return undefined;
    if (value.trim() === '') errors.push({ path: field, message: 'must not be blank' });
    return value.trim();
  };
  out.name = text(args.name, 'name');
  out.messageText = text(args.message_text, 'message_text');
  if (args.list_id !== undefined) out.listId = args.list_id;
  if (args.send_interval_seconds !== undefined) out.sendIntervalSeconds = args.send_interval_seconds;
  if (args.translate_by_prefix !== undefined) out.translateByPrefix = args.translate_by_prefix;
  if (args.include_unsubscribe_link !== undefined) out.includeUnsubscribeLink = args.include_unsubscribe_link;
  if (args.archive_after_send !== undefined) out.archiveAfterSend = args.archive_after_send;
  if (args.session_ids !== undefined) {
    out.sessionIds = args.session_ids === null ? null : [...new Set(args.session_ids)];
  }
  if (args.scheduled_at !== undefined) {
    if (args.scheduled_at === null || args.scheduled_at.trim() === '') out.scheduledAt = null;
    else {
      try {
        const at = parseShopTime(args.scheduled_at, shop.timezone, 'scheduled_at');
        if (at.getTime() <= now.getTime())
          errors.push({
            path: 'scheduled_at',
            message: `must be in the future (it is ${at.toISOString()} UTC; now is ${now.toISOString()})`,
          });
        out.scheduledAt = at;
      } catch (err) {
        errors.push(...fieldErrors(err));
      }
    }
  }
  if (args.segment_filters !== undefined) {
    try {
      out.segmentFilters = storedSegment(args.segment_filters);
    } catch (err) {
      errors.push(...fieldErrors(err));
    }
  }
  if (args.media_url !== undefined) {
    if (blank(args.media_url)) out.mediaUrl = null;
    else {
      const problem = publicUrlProblem(args.media_url!.trim());
      if (problem) errors.push({ path: 'media_url', message: `${problem}: media must be a public http(s) URL` });
      out.mediaUrl = args.media_url!.trim();
    }
  }
  if (args.media_type !== undefined) out.mediaType = args.media_type;
  if (args.media_filename !== undefined)
    out.mediaFilename = blank(args.media_filename) ? null : args.media_filename!.trim();
  if (args.template !== undefined) {
    out.template = args.template === null ? null : campaignTemplateOf(args.template);
    if (out.template?.name === '') errors.push({ path: 'template.name', message: 'must not be blank' });
  }
  if (args.is_recurring !== undefined) out.isRecurring = args.is_recurring;
  if (args.recurring_cron !== undefined) {
    if (blank(args.recurring_cron)) out.recurringCron = null;
    else {
      try {
        out.recurringCron = checkCron(args.recurring_cron!);
      } catch (err) {
        errors.push(...fieldErrors(err));
      }
    }
  }
  if (errors.length)
    throw invalidArguments(`Invalid campaign: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
  return out;
}

/** Rules between fields, checked on the campaign as it will be (after an update merges its changes). */
export function checkCombination(c: {
  mediaUrl?: string | null;
  mediaType?: MediaType | null;
  mediaFilename?: string | null;
  isRecurring: boolean;
  recurringCron?: string | null;
}): void {
  const errors: FieldError[] = [];
  if (c.mediaUrl && !c.mediaType)
    errors.push({ path: 'media_type', message: 'is required when media_url is set (image, video or document)' });
  if (!c.mediaUrl && c.mediaType) errors.push({ path: 'media_url', message: 'is required when media_type is set' });
  if (c.mediaType === 'document' && !c.mediaFilename)
    errors.push({ path: 'media_filename', message: 'is required when media_type is document' });
  if (c.mediaFilename && !c.mediaUrl)
    errors.push({ path: 'media_url', message: 'is required when media_filename is set' });
  if (c.isRecurring && !c.recurringCron)
    errors.push({ path: 'recurring_cron', message: 'is required when is_recurring is true' });
  if (!c.isRecurring && c.recurringCron)
    errors.push({ path: 'is_recurring', message: 'must be true when recurring_cron is set' });
  if (errors.length)
    throw invalidArguments(`Invalid campaign: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
}

/** segment_filters as stored: the checked segment in its argument shape (tags lower-cased, empty keys left out). */
export function storedSegment(input: unknown): SegmentFiltersInput {
  const s = segmentPayload(parseSegmentFilters(input));
  return {
    ...(s.tags.length && { tags: s.tags }),
    ...(s.exclude_tags.length && { exclude_tags: s.exclude_tags }),
    ...(s.last_contact_days !== null && { last_contact_days: s.last_contact_days }),
    ...(s.has_chatapp_history !== null && { has_chatapp_history: s.has_chatapp_history }),
  };
}

function fieldErrors(err: unknown): FieldError[] {
  const errors = (err as { details?: { errors?: FieldError[] } }).details?.errors;
  if (!errors) throw err;
  return errors;
}
