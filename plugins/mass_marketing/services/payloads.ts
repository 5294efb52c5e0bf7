import type { ContactList } from '../entities/contact-list.entity.js';
import type { BlacklistEntry } from '../entities/blacklist-entry.entity.js';
import type { Unsubscribe } from '../entities/unsubscribe.entity.js';
import type { ContactImport } from '../entities/contact-import.entity.js';
import type { MarketingSettings } from '../entities/marketing-settings.entity.js';
import type { Campaign } from '../entities/campaign.entity.js';
import type { CampaignRun } from '../entities/campaign-run.entity.js';
import { formatShopTime, isoOrNull } from '../../../core/index.js';
import { campaignTemplatePayload } from './campaigns/campaign-template.js';

export const listPayload = (l: ContactList) => ({
  id: l.id,
  name: l.name,
  description: l.description ?? null,
  member_count: l.memberCount,
  created_at: l.createdAt.toISOString(),
  updated_at: l.updatedAt.toISOString(),
});

export const blacklistPayload = (b: BlacklistEntry) => ({
  id: b.id,
  phone: b.phone,
  reason: b.reason ?? null,
  created_at: b.createdAt.toISOString(),
});

export const unsubscribePayload = (u: Unsubscribe) => ({
  id: u.id,
  phone: u.phone,
  source: u.source,
  campaign_id: u.campaignId ?? null,
  created_at: u.createdAt.toISOString(),
});

export const importPayload = (i: ContactImport) => ({
  id: i.id,
  list_id: i.list.id,
  source: i.source,
  params: i.params,
  status: i.status,
  total_rows: i.totalRows ?? null,
  processed_rows: i.processedRows,
  added_count: i.addedCount,
  duplicate_count: i.duplicateCount,
  invalid_count: i.invalidCount,
  progress_percent:
    i.status === 'completed' ? 100 : i.totalRows ? Math.min(99, Math.floor((i.processedRows * 100) / i.totalRows)) : 0,
  error: i.error ?? null,
  attempts: i.attempts,
  created_at: i.createdAt.toISOString(),
  started_at: isoOrNull(i.startedAt),
  finished_at: isoOrNull(i.finishedAt),
});

export const settingsPayload = (
  s: Pick<
    MarketingSettings,
    | 'autoReplyEnabled'
    | 'autoReplyText'
    | 'autoReplyTranslate'
    | 'autoReplyUnsubscribe'
    | 'requireApproval'
    | 'approvalThreshold'
  > & { updatedAt?: Date | null },
) => ({
  auto_reply_enabled: s.autoReplyEnabled,
  auto_reply_text: s.autoReplyText ?? null,
  auto_reply_translate: s.autoReplyTranslate,
  auto_reply_unsubscribe: s.autoReplyUnsubscribe,
  require_approval: s.requireApproval,
  approval_threshold: s.approvalThreshold ?? null,
  updated_at: isoOrNull(s.updatedAt),
});

/** What a waiting campaign is waiting for, in words. */
const WAITING_MESSAGES: Record<string, string> = {
  session_not_connected:
    'No line this campaign may use is connected: connect one (connect_chatapp) or enable a connected one for mass marketing (assign_marketing_session). Sending resumes by itself.',
};

/**
 * A campaign as answers show it. Times are ISO 8601 UTC like everywhere; the schedule and the next
 * run of a recurring campaign are also given on the shop's wall clock (`*_local`, `timezone`).
 */
export function campaignPayload(c: Campaign, timezone: string) {
  return {
    id: c.id,
    name: c.name,
    message_text: c.messageText,
    list_id: c.listId,
    status: c.status,
    send_interval_seconds: c.sendIntervalSeconds,
    translate_by_prefix: c.translateByPrefix,
    include_unsubscribe_link: c.includeUnsubscribeLink,
    archive_after_send: c.archiveAfterSend,
    session_ids: c.sessionIds ? [...c.sessionIds] : null,
    uses_default_sessions: c.sessionIds == null,
    segment_filters: { ...c.segmentFilters },
    media_url: c.mediaUrl ?? null,
    media_type: c.mediaType ?? null,
    media_filename: c.mediaFilename ?? null,
    template: campaignTemplatePayload(c.template),
    is_recurring: c.isRecurring,
    recurring_cron: c.recurringCron ?? null,
    timezone,
    scheduled_at: isoOrNull(c.scheduledAt),
    scheduled_at_local: c.scheduledAt ? formatShopTime(c.scheduledAt, timezone) : null,
    next_run_at: isoOrNull(c.nextRunAt),
    next_run_at_local: c.nextRunAt ? formatShopTime(c.nextRunAt, timezone) : null,
    approval: { required: c.approvalRequired, reason: c.approvalReason ?? null, approved_at: isoOrNull(c.approvedAt) },
    pause_reason: c.pauseReason ?? null,
    waiting: c.waitingReason
      ? {
          reason: c.waitingReason,
          since: isoOrNull(c.waitingSince),
          message: WAITING_MESSAGES[c.waitingReason] ?? c.waitingReason,
        }
      : null,
    duplicated_from: c.duplicatedFrom ?? null,
    started_at: isoOrNull(c.startedAt),
    completed_at: isoOrNull(c.completedAt),
    cancelled_at: isoOrNull(c.cancelledAt),
    archived_at: isoOrNull(c.archivedAt),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export const runPayload = (r: CampaignRun, timezone: string) => ({
  id: r.id,
  seq: r.seq,
  status: r.status,
  occurrence_at: r.occurrenceAt.toISOString(),
  occurrence_at_local: formatShopTime(r.occurrenceAt, timezone),
  recipients_total: r.recipientsTotal,
  members_total: r.membersTotal,
  excluded_count: r.membersTotal - r.recipientsTotal,
  created_at: r.createdAt.toISOString(),
  completed_at: isoOrNull(r.completedAt),
});

/** A recipient row as get_campaign_logs and the CSV show it (raw SQL rows, snake_case). */
export interface RecipientRow {
  id: number | string;
  run_id: number;
  phone: string;
  name: string | null;
  status: string;
  reason: string | null;
  session_id: number | null;
  message_id: number | null;
  attempts: number;
  language: string | null;
  translation: string | null;
  credits_charged: number;
  chat_was_active: boolean | null;
  archived_at: Timestamp | null;
  auto_replied_at: Timestamp | null;
  claimed_at: Timestamp | null;
  sent_at: Timestamp | null;
  delivered_at: Timestamp | null;
  read_at: Timestamp | null;
  replied_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
  created_at: Timestamp;
}

/** The pg driver as the ORM configures it hands timestamps over as text; both forms are accepted. */
type Timestamp = Date | string;

export const LOG_COLUMNS = [
  'id',
  'run_id',
  'phone',
  'name',
  'status',
  'reason',
  'session_id',
  'message_id',
  'attempts',
  'language',
  'translation',
  'credits_charged',
  'chat_was_active',
  'archived_at',
  'auto_replied_at',
  'claimed_at',
  'sent_at',
  'delivered_at',
  'read_at',
  'replied_at',
  'unsubscribed_at',
  'created_at',
] as const;

export function logPayload(r: RecipientRow) {
  const out: Record<string, unknown> = {};
  for (const column of LOG_COLUMNS) {
    const value = r[column];
    if (column === 'id') out[column] = Number(value);
    else if (column.endsWith('_at')) out[column] = value == null ? null : new Date(value as Timestamp).toISOString();
    else out[column] = value ?? null;
  }
  return out;
}
