import { normalizePhone, ToolError } from '../../../core/index.js';
import type { ChannelEvent } from '../channel/channel-port.js';
import { mediaToWire } from '../channel/wire-format.js';
import { ChatappSession } from '../entities/chatapp-session.entity.js';
import { ChatappMessage } from '../entities/chatapp-message.entity.js';
import type { ChatappCradle } from './cradle.js';
import { advanceStatus } from './message-status.js';

/** How long a receipt for a message not recorded yet is retried: its send may still be committing. */
export const UNKNOWN_TARGET_RETRY_MS = 120_000;

/** Thrown to have the channel deliver the event again later. */
export class EventNotReady extends Error {
  override name = 'EventNotReady';
}

type Of<T extends ChannelEvent['type']> = Extract<ChannelEvent, { type: T }>;

/**
 * Applies one channel event to the shop that owns its session, in one transaction: the event id
 * is recorded first, so a redelivered event changes nothing; inbound messages are stored once;
 * statuses only move forward; the contact window follows every inbound message; the domain events
 * are emitted in the same transaction, for other groups' listeners.
 */
export class ChatappIngestionService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async handle(event: ChannelEvent): Promise<'applied' | 'duplicate' | 'ignored'> {
    const session = await this.em.findOne(ChatappSession, { sessionKey: event.sessionKey });
    if (!session) return 'ignored';
    const fresh = await this.em.execute(
      'insert into chatapp_processed_events (shop_id, event_id, processed_at) values (?, ?, now()) on conflict (shop_id, event_id) do nothing returning id',
      [this.deps.shop.id, event.id],
    );
    if (fresh.length === 0) return 'duplicate';
    switch (event.type) {
      case 'message.received':
        return this.received(session, event);
      case 'message.status':
        return this.receipt(session, event);
      case 'session.connected':
        return this.connected(session, event);
      case 'session.disconnected':
        return this.disconnected(session, event);
    }
  }

  private async received(session: ChatappSession, event: Of<'message.received'>) {
    const { message } = event;
    let phone: string;
    try {
      phone = normalizePhone(message.from);
    } catch (err) {
      if (err instanceof ToolError) return 'ignored';
      throw err;
    }
    const known = await this.em.count(ChatappMessage, { session, providerMessageId: message.providerMessageId });
    if (known > 0) return 'duplicate';
    const row = this.em.create(ChatappMessage, {
      session,
      phone,
      direction: 'inbound',
      text: message.text,
      media: message.media && mediaToWire(message.media),
      status: 'received',
      providerMessageId: message.providerMessageId,
      idempotencyKey: null,
      automatic: false,
      billingSource: null,
      creditsCharged: 0,
      sentAt: message.timestamp,
    } as ChatappMessage);
    await this.em.flush();
    await this.deps.chatappEligibilityService.recordInbound(session, phone, message.timestamp);
    await this.deps.events.emit('whatsapp_ops.message_received', {
      message_id: row.id,
      session_id: session.id,
      phone,
      text: row.text ?? null,
      media: row.media ?? null,
      received_at: message.timestamp.toISOString(),
    });
    return 'applied';
  }

  private async receipt(session: ChatappSession, event: Of<'message.status'>) {
    const { receipt } = event;
    const row = await this.em.findOne(ChatappMessage, { session, providerMessageId: receipt.providerMessageId, direction: 'outbound' });
    if (!row) {
      // The send that produced it may still be committing (the session service answers the send
      // and reports the receipt at the same time). `sent` says nothing the send's own answer does
      // not; a later receipt is asked for again, for a while.
      if (receipt.status !== 'sent' && Date.now() - event.occurredAt.getTime() < UNKNOWN_TARGET_RETRY_MS) {
        throw new EventNotReady(`no message ${receipt.providerMessageId} recorded yet`);
      }
      return 'ignored';
    }
    const next = advanceStatus(row.status, receipt.status);
    if (!next) return 'ignored';
    row.status = next;
    if (next === 'failed') row.error = receipt.error ?? 'delivery failed';
    await this.em.flush();
    await this.deps.events.emit('whatsapp_ops.message_status', { message_id: row.id, session_id: session.id, phone: row.phone, status: next });
    return 'applied';
  }

  private async connected(session: ChatappSession, event: Of<'session.connected'>) {
    // A connection older than the line's last disconnection is history, not news.
    if (session.status === 'disconnected' && session.disconnectedAt && session.disconnectedAt > event.occurredAt) return 'ignored';
    session.status = 'connected';
    session.phone = normalizePhone(event.phone);
    session.connectedAt = event.occurredAt;
    session.disconnectedAt = null;
    await this.em.flush();
    return 'applied';
  }

  private async disconnected(session: ChatappSession, event: Of<'session.disconnected'>) {
    // A line being paired again, or connected after this event, is not disconnected by it.
    if (session.status !== 'connected' || (session.connectedAt && session.connectedAt > event.occurredAt)) return 'ignored';
    session.status = 'disconnected';
    session.disconnectedAt = event.occurredAt;
    await this.em.flush();
    return 'applied';
  }
}
