import { createHash } from 'node:crypto';
import type { ChannelEvent, DeliveryStatus } from '../channel-port.js';
import { phoneOf } from '../waha/waha-jid.js';

/** An Evolution API webhook body (the parts read here). */
export interface EvolutionWebhookBody {
  event?: string;
  instance?: string;
  data?: Record<string, unknown> | null;
  date_time?: string;
  /** The instance's key, when the server exposes it (AUTHENTICATION_EXPOSE_IN_FETCH_INSTANCES=true). */
  apikey?: string | null;
}

interface UpsertData {
  key?: { id?: string; remoteJid?: string; remoteJidAlt?: string; fromMe?: boolean };
  message?: Record<string, { text?: string; caption?: string; fileName?: string } | string | undefined> | null;
  messageType?: string;
  messageTimestamp?: number;
}

interface UpdateData {
  keyId?: string;
  fromMe?: boolean;
  status?: string;
}

interface ConnectionData {
  state?: string;
  wuid?: string;
  statusReason?: number;
}

/** Evolution's message statuses (Baileys' numbers by name). */
const STATUSES: Record<string, DeliveryStatus> = {
  SERVER_ACK: 'sent',
  DELIVERY_ACK: 'delivered',
  READ: 'read',
  PLAYED: 'read',
  ERROR: 'failed',
};

/** Why a connection closed, by the library's status code. */
const CLOSE_REASONS: Record<number, string> = { 401: 'logged_out', 403: 'banned', 440: 'connection_replaced' };

const MEDIA_LABELS: Record<string, string> = {
  imageMessage: 'image',
  videoMessage: 'video',
  audioMessage: 'voice note',
  documentMessage: 'document',
  stickerMessage: 'sticker',
  locationMessage: 'location',
  contactMessage: 'contact',
};

const eventId = (...parts: string[]) => `evo:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;

/**
 * The port's events in a checked Evolution API webhook: `messages.upsert` (inbound, one-to-one
 * chats whose number is known; media as a text label with its caption — Evolution hands media over
 * only as WhatsApp's encrypted URL), `messages.update` of our messages, `connection.update` (open:
 * connected with the account's number; close: disconnected, why by its status code; refused: the
 * QRs ran out). `sessionKey` is the line of the body's instance.
 */
export function evolutionEvents(body: EvolutionWebhookBody, sessionKey: string): ChannelEvent[] {
  const instance = body.instance ?? '';
  const data = body.data ?? {};
  const occurredAt =
    body.date_time && !Number.isNaN(Date.parse(body.date_time)) ? new Date(body.date_time) : new Date();
  switch (body.event) {
    case 'messages.upsert': {
      const m = data as UpsertData;
      const id = m.key?.id;
      const from = phoneOf(m.key?.remoteJid) ?? phoneOf(m.key?.remoteJidAlt);
      if (typeof id !== 'string' || m.key?.fromMe === true || !from) return [];
      const at = typeof m.messageTimestamp === 'number' ? new Date(m.messageTimestamp * 1000) : occurredAt;
      return [
        {
          id: eventId('in', instance, id),
          type: 'message.received',
          sessionKey,
          occurredAt: at,
          message: { providerMessageId: id, from, text: textOf(m), media: null, timestamp: at },
        },
      ];
    }
    case 'messages.update': {
      const u = data as UpdateData;
      const status = STATUSES[u.status ?? ''];
      if (typeof u.keyId !== 'string' || u.fromMe === false || !status) return [];
      return [
        {
          id: eventId('status', instance, u.keyId, status),
          type: 'message.status',
          sessionKey,
          occurredAt,
          receipt: {
            providerMessageId: u.keyId,
            status,
            error: status === 'failed' ? 'Evolution API reported the message as failed (ERROR)' : null,
          },
        },
      ];
    }
    case 'connection.update': {
      const c = data as ConnectionData;
      const id = eventId('connection', instance, c.state ?? '', String(c.statusReason ?? ''), body.date_time ?? '');
      if (c.state === 'open') {
        const phone = phoneOf(c.wuid);
        return phone ? [{ id, type: 'session.connected', sessionKey, occurredAt, phone }] : [];
      }
      if (c.state === 'close')
        return [
          {
            id,
            type: 'session.disconnected',
            sessionKey,
            occurredAt,
            reason: CLOSE_REASONS[c.statusReason ?? 0] ?? 'closed',
          },
        ];
      if (c.state === 'refused')
        return [{ id, type: 'session.disconnected', sessionKey, occurredAt, reason: 'pairing_expired' }];
      return [];
    }
    default:
      return [];
  }
}

function textOf(m: UpsertData): string {
  const message = m.message ?? {};
  if (typeof message.conversation === 'string') return message.conversation;
  const extended = message.extendedTextMessage;
  if (typeof extended === 'object' && typeof extended.text === 'string') return extended.text;
  const type = Object.keys(message).find((k) => MEDIA_LABELS[k]);
  if (type) {
    const part = message[type];
    const detail = typeof part === 'object' ? (part.caption ?? part.fileName) : undefined;
    return `[${MEDIA_LABELS[type]}]${detail ? ` ${detail}` : ''}`;
  }
  return `[${m.messageType ?? 'unknown'} message: not shown here]`;
}
