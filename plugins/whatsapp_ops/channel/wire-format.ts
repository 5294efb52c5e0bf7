import { Type, type Static } from 'typebox';
import type { ChannelEvent, MediaAttachment, PairingInfo, SessionInfo } from './channel-port.js';

/**
 * The JSON the session service speaks (snake_case, ISO 8601 times) and its conversion to and from
 * the port's types. The engine stores events in this form, so the webhook body is exactly what
 * was recorded.
 */

export const WireMedia = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, pattern: '^https?://' }),
    mime_type: Type.String({ minLength: 3, maxLength: 100, pattern: '^[\\w.+-]+/[\\w.+-]+$' }),
    caption: Type.Optional(Type.String({ maxLength: 1024 })),
    filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type WireMedia = Static<typeof WireMedia>;

const Status = Type.Union([
  Type.Literal('sent'),
  Type.Literal('delivered'),
  Type.Literal('read'),
  Type.Literal('failed'),
]);
const envelope = {
  id: Type.String({ minLength: 1, maxLength: 64 }),
  session_key: Type.String({ minLength: 1, maxLength: 64 }),
  occurred_at: Type.String({ format: 'date-time' }),
  engine: Type.Union([Type.Literal('sandbox'), Type.Literal('baileys')]),
  sandbox: Type.Boolean(),
};

export const WireEvent = Type.Union([
  Type.Object({
    ...envelope,
    type: Type.Literal('message.received'),
    data: Type.Object({
      provider_message_id: Type.String(),
      from: Type.String(),
      text: Type.Union([Type.String(), Type.Null()]),
      media: Type.Union([WireMedia, Type.Null()]),
      timestamp: Type.String({ format: 'date-time' }),
    }),
  }),
  Type.Object({
    ...envelope,
    type: Type.Literal('message.status'),
    data: Type.Object({
      provider_message_id: Type.String(),
      status: Status,
      error: Type.Union([Type.String(), Type.Null()]),
    }),
  }),
  Type.Object({ ...envelope, type: Type.Literal('session.connected'), data: Type.Object({ phone: Type.String() }) }),
  Type.Object({
    ...envelope,
    type: Type.Literal('session.disconnected'),
    data: Type.Object({ reason: Type.String() }),
  }),
]);
export type WireEvent = Static<typeof WireEvent>;

/** The most events one webhook request carries (a request also stays under WEBHOOK_BATCH_BYTES). */
export const WEBHOOK_BATCH_EVENTS = 100;
/** Well under the main server's default body limit (1 MiB), whatever the events' texts. */
export const WEBHOOK_BATCH_BYTES = 256 * 1024;

/**
 * A webhook request's body: several events in delivery order. A single event (the body before
 * batches) is still taken, so a service of either form can post to the main server.
 */
export const WireEventBatch = Type.Object(
  { events: Type.Array(WireEvent, { minItems: 1, maxItems: WEBHOOK_BATCH_EVENTS }) },
  { additionalProperties: false },
);
export type WireEventBatch = Static<typeof WireEventBatch>;

export interface WireSession {
  session_key: string;
  status: SessionInfo['status'];
  phone: string | null;
  connected_at: string | null;
  disconnected_at: string | null;
  /** Added with the real engine; older services do not send it. */
  reason?: string | null;
  engine: SessionInfo['engine'];
  sandbox: boolean;
  notice: string;
}

export interface WirePairing {
  session_key: string;
  status: PairingInfo['status'];
  pairing_url: string | null;
  qr_url: string | null;
  qr_data_url: string | null;
  engine: PairingInfo['engine'];
  sandbox: boolean;
  notice: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const date = (s: string | null) => (s ? new Date(s) : null);

export const mediaToWire = (m: MediaAttachment): WireMedia => ({
  url: m.url,
  mime_type: m.mimeType,
  ...(m.caption !== undefined && { caption: m.caption }),
  ...(m.filename !== undefined && { filename: m.filename }),
});

export const mediaFromWire = (m: WireMedia): MediaAttachment => ({
  url: m.url,
  mimeType: m.mime_type,
  ...(m.caption !== undefined && { caption: m.caption }),
  ...(m.filename !== undefined && { filename: m.filename }),
});

export const sessionToWire = (s: SessionInfo): WireSession => ({
  session_key: s.sessionKey,
  status: s.status,
  phone: s.phone,
  connected_at: iso(s.connectedAt),
  disconnected_at: iso(s.disconnectedAt),
  reason: s.reason ?? null,
  engine: s.engine,
  sandbox: s.sandbox,
  notice: s.notice,
});

export const sessionFromWire = (w: WireSession): SessionInfo => ({
  sessionKey: w.session_key,
  status: w.status,
  phone: w.phone,
  connectedAt: date(w.connected_at),
  disconnectedAt: date(w.disconnected_at),
  reason: w.reason ?? null,
  engine: w.engine,
  sandbox: w.sandbox,
  notice: w.notice,
});

export const pairingToWire = (p: PairingInfo): WirePairing => ({
  session_key: p.sessionKey,
  status: p.status,
  pairing_url: p.pairingUrl,
  qr_url: p.qrImageUrl,
  qr_data_url: p.qrDataUrl,
  engine: p.engine,
  sandbox: p.sandbox,
  notice: p.notice,
});

export const pairingFromWire = (w: WirePairing): PairingInfo => ({
  sessionKey: w.session_key,
  status: w.status,
  pairingUrl: w.pairing_url,
  qrImageUrl: w.qr_url,
  qrDataUrl: w.qr_data_url,
  engine: w.engine,
  sandbox: w.sandbox,
  notice: w.notice,
});

export function eventFromWire(w: WireEvent): ChannelEvent {
  const base = { id: w.id, sessionKey: w.session_key, occurredAt: new Date(w.occurred_at) };
  switch (w.type) {
    case 'message.received':
      return {
        ...base,
        type: w.type,
        message: {
          providerMessageId: w.data.provider_message_id,
          from: w.data.from,
          text: w.data.text,
          media: w.data.media && mediaFromWire(w.data.media),
          timestamp: new Date(w.data.timestamp),
        },
      };
    case 'message.status':
      return {
        ...base,
        type: w.type,
        receipt: { providerMessageId: w.data.provider_message_id, status: w.data.status, error: w.data.error },
      };
    case 'session.connected':
      return { ...base, type: w.type, phone: w.data.phone };
    case 'session.disconnected':
      return { ...base, type: w.type, reason: w.data.reason };
  }
}
