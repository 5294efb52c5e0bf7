import { isoOrNull } from '../../../core/index.js';
import type { ChatappSession } from '../entities/chatapp-session.entity.js';
import type { ChatappMessage } from '../entities/chatapp-message.entity.js';
import type { ChatappOptout } from '../entities/chatapp-optout.entity.js';
import type { ChatappScheduledMessage } from '../entities/chatapp-scheduled-message.entity.js';

export const sessionPayload = (s: ChatappSession) => ({
  id: s.id,
  label: s.label ?? null,
  status: s.status,
  phone: s.phone ?? null,
  routing_roles: [...s.routingRoles],
  mass_marketing_enabled: s.massMarketingEnabled,
  /** The engine's name for the line; the sandbox's inbound route takes it. Not a secret. */
  session_key: s.sessionKey,
  adapter: s.adapter,
  provider_id: s.providerId ?? null,
  external_id: s.externalId ?? null,
  sandbox: s.sandbox,
  status_reason: s.statusReason ?? null,
  connected_at: isoOrNull(s.connectedAt),
  disconnected_at: isoOrNull(s.disconnectedAt),
  created_at: s.createdAt.toISOString(),
});

export type SessionPayload = ReturnType<typeof sessionPayload>;

/** What a message's payload reads: a stored row, or one the send path is about to write. */
export type MessageFields = { session: { id: number } } & Pick<
  ChatappMessage,
  | 'id'
  | 'phone'
  | 'direction'
  | 'text'
  | 'media'
  | 'template'
  | 'status'
  | 'providerMessageId'
  | 'idempotencyKey'
  | 'automatic'
  | 'billingSource'
  | 'creditsCharged'
  | 'error'
  | 'sentAt'
  | 'createdAt'
  | 'updatedAt'
>;

export const messagePayload = (m: MessageFields) => ({
  id: m.id,
  session_id: m.session.id,
  phone: m.phone,
  direction: m.direction,
  text: m.text ?? null,
  media: m.media ?? null,
  template: m.template ?? null,
  status: m.status,
  provider_message_id: m.providerMessageId ?? null,
  idempotency_key: m.idempotencyKey ?? null,
  automatic: m.automatic,
  billing_source: m.billingSource ?? null,
  credits_charged: m.creditsCharged,
  error: m.error ?? null,
  sent_at: isoOrNull(m.sentAt),
  created_at: m.createdAt.toISOString(),
  updated_at: m.updatedAt.toISOString(),
});

export type MessagePayload = ReturnType<typeof messagePayload>;

export const optoutPayload = (o: ChatappOptout) => ({
  id: o.id,
  phone: o.phone,
  reason: o.reason ?? null,
  created_at: o.createdAt.toISOString(),
});

export const scheduledPayload = (s: ChatappScheduledMessage) => ({
  id: s.id,
  phone: s.phone,
  message: s.text,
  session_id: s.sessionId ?? null,
  send_at: s.sendAt.toISOString(),
  status: s.status,
  attempts: s.attempts,
  message_id: s.messageId ?? null,
  error: s.error ?? null,
  cancelled_at: isoOrNull(s.cancelledAt),
  cancelled_by_agent_id: s.cancelledByAgentId ?? null,
  created_at: s.createdAt.toISOString(),
  updated_at: s.updatedAt.toISOString(),
});
