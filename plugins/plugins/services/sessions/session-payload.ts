import type { WidgetSession } from '../../entities/widget-session.entity.js';

export const sessionPayload = (s: WidgetSession) => ({
  session_id: s.id,
  widget: s.widget,
  assistant_id: s.assistantId,
  status: s.status,
  ai_paused: s.aiPaused,
  language: s.language,
  origin: s.origin,
  page_url: s.pageUrl,
  visitor_name: s.visitorName,
  phone: s.customerPhone,
  email: s.customerEmail,
  verified: s.verified,
  has_note: s.note !== null,
  message_count: s.messageCount,
  last_message_at: s.lastMessageAt?.toISOString() ?? null,
  created_at: s.createdAt.toISOString(),
});
