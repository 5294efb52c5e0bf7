import { isoOrNull } from '../../../core/index.js';
import type { Ticket } from '../entities/ticket.entity.js';
import type { TicketNote } from '../entities/ticket-note.entity.js';
import type { TicketFollowup } from '../entities/ticket-followup.entity.js';

export const ticketPayload = (t: Ticket) => ({
  id: t.id,
  title: t.title,
  description: t.description ?? null,
  priority: t.priority,
  category: t.category ?? null,
  status: t.status,
  phone: t.phone ?? null,
  customer_email: t.customerEmail ?? null,
  customer_id: t.customerId ?? null,
  assigned_agent_id: t.assignedAgentId ?? null,
  created_at: t.createdAt.toISOString(),
  updated_at: t.updatedAt.toISOString(),
  resolved_at: isoOrNull(t.resolvedAt),
  closed_at: isoOrNull(t.closedAt),
});

export const notePayload = (n: TicketNote) => ({
  id: n.id,
  kind: n.kind,
  body: n.body,
  created_at: n.createdAt.toISOString(),
});

export const followupPayload = (f: TicketFollowup) => ({
  id: f.id,
  ticket_id: f.ticket.id,
  status: f.status,
  message: f.message,
  composed_by: f.composedBy,
  resolve_after_notify: f.resolveAfterNotify,
  phone: f.phone ?? null,
  customer_email: f.customerEmail ?? null,
  status_reason: f.statusReason ?? null,
  created_at: f.createdAt.toISOString(),
  sent_at: isoOrNull(f.sentAt),
});
