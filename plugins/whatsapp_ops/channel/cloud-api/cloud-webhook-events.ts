import { createHash } from 'node:crypto';
import type { ChannelEvent, DeliveryStatus, InboundMedia } from '../channel-port.js';
import { statusFailureReason } from './graph-errors.js';

/** A Cloud API webhook body (object whatsapp_business_account), the parts read here. */
export interface CloudWebhookBody {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: CloudChangeValue }[] }[];
}

interface CloudChangeValue {
  metadata?: { phone_number_id?: string; display_phone_number?: string };
  messages?: CloudInbound[];
  statuses?: CloudStatus[];
}

interface CloudMediaPart {
  id?: string;
  mime_type?: string;
  caption?: string;
  filename?: string;
}

interface CloudInbound {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  image?: CloudMediaPart;
  video?: CloudMediaPart;
  audio?: CloudMediaPart;
  document?: CloudMediaPart;
  sticker?: CloudMediaPart;
  button?: { text?: string };
  interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } };
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
}

interface CloudStatus {
  id?: string;
  status?: string;
  timestamp?: string;
  recipient_id?: string;
  biz_opaque_callback_data?: string;
  errors?: { code?: number; title?: string; message?: string; error_data?: { details?: string } }[];
}

const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'sticker'] as const;
const RECEIPT_STATUSES = new Set<string>(['sent', 'delivered', 'read', 'failed']);

/**
 * Event ids the ingestion dedupes on: one per inbound message, one per (message, status), so Meta's
 * retries and duplicates are applied once. Hashed: provider ids are longer than the column.
 */
const eventId = (...parts: string[]) => `cld:${createHash('sha256').update(parts.join('\n')).digest('base64url')}`;

const timeOf = (seconds: string | undefined) =>
  seconds && /^\d+$/.test(seconds) ? new Date(Number(seconds) * 1000) : new Date();

/** The numbers (phone_number_id) a body speaks for. */
export function phoneNumberIdsOf(body: CloudWebhookBody): string[] {
  const ids = new Set<string>();
  for (const entry of body.entry ?? [])
    for (const change of entry.changes ?? []) {
      const id = change.value?.metadata?.phone_number_id;
      if (typeof id === 'string') ids.add(id);
    }
  return [...ids];
}

/**
 * The port's events in a verified webhook body, in the body's order: inbound messages
 * (message.received) and statuses of our messages (message.status, failed ones with the reason).
 * Changes for numbers that are no line of this provider, reactions and statuses the port has no
 * place for (deleted, played) are left out. `lines` maps phone_number_id to the line's session key.
 */
export function eventsOf(body: CloudWebhookBody, lines: ReadonlyMap<string, string>): ChannelEvent[] {
  const events: ChannelEvent[] = [];
  for (const entry of body.entry ?? [])
    for (const change of entry.changes ?? []) {
      const value = change.value;
      const sessionKey = lines.get(value?.metadata?.phone_number_id ?? '');
      if (!value || !sessionKey) continue;
      for (const m of value.messages ?? []) {
        if (typeof m.id !== 'string' || typeof m.from !== 'string' || m.type === 'reaction') continue;
        const occurredAt = timeOf(m.timestamp);
        const { text, media } = contentOf(m);
        events.push({
          id: eventId('in', m.id),
          type: 'message.received',
          sessionKey,
          occurredAt,
          message: {
            providerMessageId: m.id,
            from: `+${m.from.replace(/^\+/, '')}`,
            text,
            media,
            timestamp: occurredAt,
          },
        });
      }
      for (const s of value.statuses ?? []) {
        if (typeof s.id !== 'string' || !RECEIPT_STATUSES.has(s.status ?? '')) continue;
        const status = s.status as DeliveryStatus;
        events.push({
          id: eventId('status', s.id, status),
          type: 'message.status',
          sessionKey,
          occurredAt: timeOf(s.timestamp),
          receipt: {
            providerMessageId: s.id,
            status,
            error: status === 'failed' ? statusFailureReason(s.errors?.[0]) : null,
            ...(typeof s.biz_opaque_callback_data === 'string' && { idempotencyKey: s.biz_opaque_callback_data }),
          },
        });
      }
    }
  return events;
}

function contentOf(m: CloudInbound): { text: string | null; media: InboundMedia | null } {
  const mediaType = MEDIA_TYPES.find((t) => t === m.type);
  if (mediaType) {
    const part = m[mediaType] ?? {};
    return {
      text: null,
      media: {
        url: null,
        mimeType: part.mime_type ?? 'application/octet-stream',
        ...(part.caption !== undefined && { caption: part.caption }),
        ...(part.filename !== undefined && { filename: part.filename }),
        ...(part.id !== undefined && { providerMediaId: part.id }),
      },
    };
  }
  switch (m.type) {
    case 'text':
      return { text: m.text?.body ?? '', media: null };
    case 'button':
      return { text: m.button?.text ?? '', media: null };
    case 'interactive':
      return { text: m.interactive?.button_reply?.title ?? m.interactive?.list_reply?.title ?? '', media: null };
    case 'location': {
      const l = m.location ?? {};
      const place = [l.name, l.address].filter(Boolean).join(', ');
      return { text: `[location] ${place ? `${place} ` : ''}(${l.latitude}, ${l.longitude})`, media: null };
    }
    default:
      return { text: `[${m.type ?? 'unknown'} message: not shown here]`, media: null };
  }
}
