import { formatShopTime, isoOrNull } from '../../../core/index.js';
import type { Static } from '../../../core/index.js';
import type { AppointmentType } from '../entities/appointment-type.entity.js';
import type { Calendar } from '../entities/calendar.entity.js';
import type { CalendarAgent } from '../entities/calendar-agent.entity.js';
import type { CalendarDelivery } from '../entities/calendar-delivery.entity.js';
import type { CalendarEvent } from '../entities/calendar-event.entity.js';
import type { CalendarNotification } from '../entities/calendar-notification.entity.js';
import type { CalendarRule } from '../entities/calendar-rule.entity.js';
import type {
  CalendarAgentOutput,
  CalendarOutput,
  DeliveryOutput,
  EventOutput,
  NotificationOutput,
  RuleOutput,
  ServiceOutput,
} from '../tools/outputs.js';

export const calendarPayload = (c: Calendar): Static<typeof CalendarOutput> => ({
  id: c.id,
  name: c.name,
  description: c.description ?? null,
  timezone: c.timezone,
  slot_interval_minutes: c.slotIntervalMinutes ?? null,
  min_notice_minutes: c.minNoticeMinutes,
  max_advance_days: c.maxAdvanceDays,
  is_active: c.isActive,
  is_default: c.isDefault,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export const rulePayload = (r: CalendarRule): Static<typeof RuleOutput> => ({
  id: r.id,
  calendar_id: r.calendarId,
  rule_type: r.ruleType,
  day_of_week: r.dayOfWeek ?? null,
  specific_date: r.specificDate ?? null,
  start_time: r.startTime,
  end_time: r.endTime,
  label: r.label ?? null,
  is_available: r.isAvailable,
});

export const servicePayload = (s: AppointmentType): Static<typeof ServiceOutput> => ({
  id: s.id,
  calendar_id: s.calendarId,
  name: s.name,
  description: s.description ?? null,
  duration_minutes: s.durationMinutes,
  buffer_before_minutes: s.bufferBeforeMinutes,
  buffer_after_minutes: s.bufferAfterMinutes,
  max_concurrent: s.maxConcurrent,
  price: s.price ?? null,
  currency: s.currency,
  requires_confirmation: s.requiresConfirmation,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});

export const notificationPayload = (n: CalendarNotification): Static<typeof NotificationOutput> => ({
  id: n.id,
  calendar_id: n.calendarId,
  notification_type: n.notificationType,
  channel: n.channel,
  timing_minutes: n.timingMinutes,
  template_text: n.templateText,
  is_enabled: n.isEnabled,
});

export const calendarAgentPayload = (a: CalendarAgent): Static<typeof CalendarAgentOutput> => ({
  calendar_id: a.calendarId,
  agent_id: a.agentId,
  role: a.role,
});

export const eventPayload = (e: CalendarEvent, zone: string): Static<typeof EventOutput> => ({
  id: e.id,
  calendar_id: e.calendarId,
  service_id: e.serviceId ?? null,
  service_name: e.serviceName ?? null,
  title: e.title,
  description: e.description ?? null,
  phone: e.phone ?? null,
  customer_name: e.customerName ?? null,
  customer_email: e.customerEmail ?? null,
  notes: e.notes ?? null,
  assigned_agent_id: e.assignedAgentId ?? null,
  status: e.status,
  all_day: e.allDay ? 1 : 0,
  start_datetime: formatShopTime(e.startAt, zone),
  end_datetime: formatShopTime(e.endAt, zone),
  start_utc: e.startAt.toISOString(),
  end_utc: e.endAt.toISOString(),
  timezone: zone,
  price: e.price ?? null,
  currency: e.currency ?? null,
  cancel_reason: e.cancelReason ?? null,
  created_at: e.createdAt.toISOString(),
  updated_at: e.updatedAt.toISOString(),
});

export const deliveryPayload = (d: CalendarDelivery): Static<typeof DeliveryOutput> => ({
  id: d.id,
  notification_id: d.notificationId ?? null,
  notification_type: d.notificationType,
  channel: d.channel,
  due_at: d.dueAt.toISOString(),
  status: d.status,
  attempts: d.attempts,
  message_id: d.messageId ?? null,
  email_message_id: d.emailMessageId ?? null,
  reason: d.reason ?? null,
  sent_at: isoOrNull(d.sentAt),
});
