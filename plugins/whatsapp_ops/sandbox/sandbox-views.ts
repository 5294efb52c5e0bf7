import { isoOrNull } from '../../../core/index.js';
import type { SessionInfo } from '../channel/channel-port.js';
import type { WireMedia } from '../channel/wire-format.js';
import type { SandboxMessage } from './entities/sandbox-message.entity.js';
import type { SandboxSession } from './entities/sandbox-session.entity.js';
import { SANDBOX_LABEL } from './sandbox-label.js';

export const toSessionInfo = (s: SandboxSession): SessionInfo => ({
  sessionKey: s.sessionKey,
  status: s.status,
  phone: s.phone ?? null,
  connectedAt: s.connectedAt ?? null,
  disconnectedAt: s.disconnectedAt ?? null,
  ...SANDBOX_LABEL,
});

/** A recorded message as the session service and the sandbox routes show it. */
export interface WireMessage {
  provider_message_id: string;
  direction: 'outbound' | 'inbound';
  from: string;
  to: string;
  text: string | null;
  media: WireMedia | null;
  /** `pending`: a real engine recorded the message, and the network has not confirmed taking it. */
  status: SandboxMessage['status'] | 'pending';
  error: string | null;
  idempotency_key: string | null;
  created_at: string;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
  sandbox: boolean;
}

export const messageToWire = (m: SandboxMessage): WireMessage => ({
  provider_message_id: m.providerMessageId,
  direction: m.direction,
  from: m.direction === 'outbound' ? m.linePhone : m.peerPhone,
  to: m.direction === 'outbound' ? m.peerPhone : m.linePhone,
  text: m.text ?? null,
  media: m.media ?? null,
  status: m.status,
  error: m.error ?? null,
  idempotency_key: m.idempotencyKey ?? null,
  created_at: m.createdAt.toISOString(),
  delivered_at: isoOrNull(m.deliveredAt),
  read_at: isoOrNull(m.readAt),
  failed_at: isoOrNull(m.failedAt),
  sandbox: true,
});
