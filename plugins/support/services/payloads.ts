import { isoOrNull } from '../../../core/index.js';
import type { PlatformNotice } from '../entities/platform-notice.entity.js';
import type { SupportMessage } from '../entities/support-message.entity.js';
import type { SupportTicket } from '../entities/support-ticket.entity.js';
import type { MessagePayload, NoticePayload, TicketPayload } from '../tools/outputs.js';

export const ticketPayload = (t: SupportTicket): TicketPayload => ({
  id: t.id,
  subject: t.subject,
  category: t.category,
  priority: t.priority,
  status: t.status,
  diagnostics_attached: t.diagnostics != null,
  rating: t.rating ?? null,
  rating_comment: t.ratingComment ?? null,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
  resolved_at: isoOrNull(t.resolvedAt),
  closed_at: isoOrNull(t.closedAt),
});

export const messagePayload = (m: SupportMessage): MessagePayload => ({
  id: m.id,
  author: m.author,
  body: m.body,
  attachments: (m.attachments ?? []).map(({ storage_key: _key, ...file }) => file),
  created_at: m.createdAt.toISOString(),
});

export const noticePayload = (n: PlatformNotice, now = new Date()): NoticePayload => ({
  id: n.id,
  kind: n.kind,
  title: n.title,
  body: n.body ?? null,
  starts_at: n.startsAt.toISOString(),
  ends_at: isoOrNull(n.endsAt),
  active: n.startsAt <= now,
});
