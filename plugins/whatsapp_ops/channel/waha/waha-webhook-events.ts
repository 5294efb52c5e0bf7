import { createHash } from 'node:crypto';
import type { ChannelEvent, DeliveryStatus, InboundMedia } from '../channel-port.js';
import { phoneOf } from './waha-jid.js';

/** A WAHA webhook body (the parts read here). */
export interface WahaWebhookBody {
  /** `evt_…`, in current WAHA releases. */
  id?: string;
  /** Milliseconds. */
  timestamp?: number;
  event?: string;
  session?: string;
  me?: { id?: string } | null;
  payload?: Record<string, unknown> | null;
}

interface WahaMessagePayload {
  id?: string;
  /** Seconds. */
  timestamp?: number;
  from?: string;
  fromMe?: boolean;
  body?: string | null;
  hasMedia?: boolean;
  media?: { url?: string | null; mimetype?: string | null; filename?: string | null } | null;
}

interface WahaAckPayload {
  id?: string;
  fromMe?: boolean;
  ack?: number;
}

/** WAHA's acks: -1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED. */
const ACKS: Record<number, DeliveryStatus> = { [-1]: 'failed', 1: 'sent', 2: 'delivered', 3: 'read', 4: 'read' };

/** Ids the ingestion dedupes on: one per inbound message, per (message, status), per status change. */
const eventId = (...parts: string[]) => `wah:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;

/**
 * The port's events in a verified WAHA webhook: `message` (inbound, one-to-one chats with a phone
 * number only), `message.ack` of our own messages, and `session.status` (WORKING: connected with
 * the account's number; FAILED: WhatsApp ended the session — logged out from the phone, or it could
 * not start; STOPPED: stopped). `sessionKey` is the line of the body's session (null: not a line
 * of this provider, and nothing is taken from it).
 */
export function wahaEvents(body: WahaWebhookBody, raw: Buffer, sessionKey: string | null): ChannelEvent[] {
  if (!sessionKey || !body.payload) return [];
  const session = body.session ?? '';
  const occurredAt = typeof body.timestamp === 'number' ? new Date(body.timestamp) : new Date();
  switch (body.event) {
    case 'message': {
      const m = body.payload as WahaMessagePayload;
      const from = phoneOf(m.from);
      if (typeof m.id !== 'string' || m.fromMe === true || !from) return [];
      const at = typeof m.timestamp === 'number' ? new Date(m.timestamp * 1000) : occurredAt;
      const media = mediaOf(m);
      const text = m.body && m.body !== '' ? m.body : null;
      return [
        {
          id: eventId('in', session, m.id),
          type: 'message.received',
          sessionKey,
          occurredAt: at,
          message: {
            providerMessageId: m.id,
            from,
            text: media ? null : (text ?? ''),
            media: media && { ...media, ...(text !== null && { caption: text }) },
            timestamp: at,
          },
        },
      ];
    }
    case 'message.ack': {
      const a = body.payload as WahaAckPayload;
      const status = ACKS[a.ack ?? 0];
      if (typeof a.id !== 'string' || a.fromMe === false || !status) return [];
      return [
        {
          id: eventId('ack', session, a.id, status),
          type: 'message.status',
          sessionKey,
          occurredAt,
          receipt: {
            providerMessageId: a.id,
            status,
            error: status === 'failed' ? 'WAHA reported the message as failed (ack ERROR)' : null,
          },
        },
      ];
    }
    case 'session.status': {
      const status = (body.payload as { status?: string }).status;
      // Without WAHA's event id, the exact bytes name the change (a redelivery repeats them).
      const id = eventId('status', session, status ?? '', body.id ?? createHash('sha256').update(raw).digest('hex'));
      if (status === 'WORKING') {
        const phone = phoneOf(body.me?.id);
        return phone ? [{ id, type: 'session.connected', sessionKey, occurredAt, phone }] : [];
      }
      if (status === 'FAILED')
        return [{ id, type: 'session.disconnected', sessionKey, occurredAt, reason: 'logged_out' }];
      if (status === 'STOPPED')
        return [{ id, type: 'session.disconnected', sessionKey, occurredAt, reason: 'stopped' }];
      return [];
    }
    default:
      return [];
  }
}

function mediaOf(m: WahaMessagePayload): InboundMedia | null {
  if (!m.hasMedia || !m.media) return null;
  return {
    url: m.media.url ?? null,
    mimeType: m.media.mimetype ?? 'application/octet-stream',
    ...(m.media.filename && { filename: m.media.filename }),
  };
}
