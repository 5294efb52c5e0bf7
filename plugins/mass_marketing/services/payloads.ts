import type { ContactList } from '../entities/contact-list.entity.js';
import type { BlacklistEntry } from '../entities/blacklist-entry.entity.js';
import type { Unsubscribe } from '../entities/unsubscribe.entity.js';
import type { ContactImport } from '../entities/contact-import.entity.js';
import type { MarketingSettings } from '../entities/marketing-settings.entity.js';

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

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
  started_at: iso(i.startedAt),
  finished_at: iso(i.finishedAt),
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
  updated_at: iso(s.updatedAt),
});
