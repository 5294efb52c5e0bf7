import { LockMode } from '@mikro-orm/core';
import { invalidArguments, normalizePhone, ToolError } from '../../../core/index.js';
import type { MediaAttachment } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import { ChatappMessage } from '../entities/chatapp-message.entity.js';
import type { RoutingRole } from '../entities/values.js';
import type { ChatappCradle } from './cradle.js';
import { TRANSIENT_CHANNEL_CODES, toolErrorFromChannel } from './channel-failure.js';
import { checkContent, checkIdempotencyKey, mediaForPort, sameContent } from './message-content.js';
import { advanceStatus } from './message-status.js';
import { channelLabel } from './channel-label.js';
import { messagePayload, type MessagePayload } from './payloads.js';

export interface SendRequest {
  /** The customer, with international prefix. */
  phone: string;
  text?: string | null;
  media?: MediaAttachment | null;
  /** The line to use; default: chosen by senderRole among the connected lines. */
  sessionId?: number;
  senderRole?: RoutingRole;
  /** Sent by an automation (opt-outs and the contact-window filter apply), not typed by a person. */
  automatic: boolean;
  billingSource?: string | null;
  /** The same key never makes a second message; default: derived from the message row. */
  idempotencyKey?: string;
  /** Credits for this message; default the group's messageCost (500). Campaigns pass 1000. */
  creditsCost?: number;
}

/** Unsent messages older than this stop being retried: they fail and their credits go back. */
const RETRY_FOR_MS = 24 * 3_600_000;

/**
 * THE send path. Every group that messages a customer comes through send(): opt-outs and the
 * contact-window filter are enforced here for automatic sends, the credits are debited in the
 * transaction that records the message (status `sending`), and the port is called with the
 * message's idempotency key. A message the network could not take yet stays `sending` and is sent
 * again, with the same key, by retrySending() (the retry job, and once at start).
 */
export class ChatappMessagingService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async send(request: SendRequest): Promise<{ message: MessagePayload }> {
    // Callers resolve this service untyped; a forgotten flag must not slip past the opt-outs as "manual".
    if (typeof request.automatic !== 'boolean') throw invalidArguments('automatic must be true or false.', [{ path: 'automatic', message: 'is required' }]);
    const phone = normalizePhone(request.phone);
    const content = checkContent(request.text, request.media);
    const cost = request.creditsCost ?? this.deps.chatappConfig.messageCost;
    if (!Number.isInteger(cost) || cost < 0) throw invalidArguments('creditsCost must be a whole number of credits, 0 or more.', [{ path: 'credits_cost', message: 'must be an integer >= 0' }]);
    const billingSource = request.billingSource ?? null;
    if (billingSource !== null && !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(billingSource)) {
      throw invalidArguments(`billing_source "${billingSource}" is not a source name.`, [{ path: 'billing_source', message: 'must be letters, digits and _ (at most 40)' }]);
    }
    let key: string | null = null;
    if (request.idempotencyKey !== undefined) {
      key = checkIdempotencyKey(request.idempotencyKey);
      // Concurrent sends with one key wait here for each other instead of racing to the insert.
      await this.em.execute('select pg_advisory_xact_lock(?, hashtext(?))', [this.deps.shop.id, `chatapp-send:${key}`]);
      const earlier = await this.em.findOne(ChatappMessage, { idempotencyKey: key, direction: 'outbound' });
      if (earlier) return { message: messagePayload(await this.resume(earlier, phone, content)) };
    }
    if (request.automatic && (await this.deps.chatappOptoutsService.isOptedOut(phone))) {
      throw new ToolError('opted_out', `${phone} has opted out of automatic messages; nothing was sent or charged.`, { phone });
    }
    const session = await this.deps.chatappSessionsService.forSend(phone, request.sessionId, request.senderRole ?? 'general');
    if (request.automatic && billingSource !== null) await this.deps.chatappEligibilityService.assertSendable(session, phone, billingSource);

    const message = this.em.create(ChatappMessage, {
      session,
      phone,
      direction: 'outbound',
      text: content.text,
      media: content.media,
      status: 'sending',
      idempotencyKey: key,
      automatic: request.automatic,
      billingSource,
      creditsCharged: cost,
    } as ChatappMessage);
    await this.em.flush();
    message.idempotencyKey ??= `chatapp-message-${message.id}`;
    if (cost > 0) {
      try {
        await this.deps.credits.debit(cost, 'chatapp_message', `chatapp_message:${message.id}`);
      } catch (err) {
        // insufficient_credits: the message goes with the refusal, so a caller that carries on leaves nothing behind.
        this.em.remove(message);
        await this.em.flush();
        throw err;
      }
    }
    await this.em.flush();
    return { message: messagePayload(await this.deliver(message)) };
  }

  /**
   * A message typed by a person (send_chatapp_message): not automatic, so an opted-out number
   * still gets it; the answer says so.
   */
  async sendManual(phone: string, text: string, sessionId: number | undefined) {
    const { message } = await this.send({ phone, text, sessionId, automatic: false });
    const session = await this.deps.chatappSessionsService.get(message.session_id);
    return {
      message,
      recipient_opted_out: await this.deps.chatappOptoutsService.isOptedOut(message.phone),
      ...channelLabel(this.deps.chatappChannel, [session]),
    };
  }

  /**
   * Sends again the shop's messages left in `sending` (the network was unreachable), each with its
   * own key, so a message the network already took is answered with the first one, never sent
   * twice. Rows another process is working on are skipped.
   */
  async retrySending(limit = 50): Promise<{ sent: number; waiting: number; failed: number }> {
    const rows = await this.em.find(ChatappMessage, { status: 'sending', direction: 'outbound' }, { orderBy: { id: 'asc' }, limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE });
    await this.em.populate(rows, ['session']);
    const outcome = { sent: 0, waiting: 0, failed: 0 };
    for (const row of rows) {
      if (row.createdAt.getTime() < Date.now() - RETRY_FOR_MS) {
        await this.fail(row, `expired: the network did not take the message within ${RETRY_FOR_MS / 3_600_000} h`);
        outcome.failed++;
        continue;
      }
      try {
        const result = await this.deliver(row);
        if (result.status === 'sending') outcome.waiting++;
        else outcome.sent++;
      } catch (err) {
        if (!(err instanceof ToolError)) throw err;
        outcome.failed++;
      }
    }
    return outcome;
  }

  /** A send repeated with a key already used: the first message, sent again only if it never left. */
  private async resume(earlier: ChatappMessage, phone: string, content: ReturnType<typeof checkContent>): Promise<ChatappMessage> {
    if (earlier.phone !== phone || !sameContent(earlier, content)) {
      throw new ToolError('idempotency_conflict', 'This idempotency key was already used for a different message.', { message_id: earlier.id });
    }
    if (earlier.status !== 'sending') return earlier;
    const locked = await this.em.findOne(ChatappMessage, { id: earlier.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true, populate: ['session'] });
    return locked!.status === 'sending' ? this.deliver(locked!) : locked!;
  }

  /**
   * Hands the recorded message to the network with its key. Taken: `sent` (or further, for a key
   * the network had seen) and `whatsapp_ops.message_sent`. Unreachable: stays `sending`.
   * Refused: `failed`, the credits go back, and the refusal is thrown.
   */
  private async deliver(message: ChatappMessage): Promise<ChatappMessage> {
    const session = message.session;
    try {
      const result = await this.deps.chatappChannel.send({
        ...this.deps.chatappSessionsService.ref(session),
        to: message.phone,
        ...(message.text != null && { text: message.text }),
        ...(message.media && { media: mediaForPort(message.media) }),
        idempotencyKey: message.idempotencyKey!,
      });
      message.providerMessageId = result.providerMessageId;
      message.sentAt = result.sentAt;
      message.status = advanceStatus(message.status, result.status) ?? message.status;
      message.error = null;
      await this.em.flush();
    } catch (err) {
      if (!(err instanceof ChannelError)) throw err;
      if (TRANSIENT_CHANNEL_CODES.has(err.code)) {
        message.error = `${err.code}: ${err.message}`;
        await this.em.flush();
        return message;
      }
      await this.fail(message, `${err.code}: ${err.message}`);
      throw toolErrorFromChannel(err);
    }
    await this.deps.events.emit('whatsapp_ops.message_sent', {
      message_id: message.id,
      session_id: session.id,
      phone: message.phone,
      text: message.text ?? null,
      media: message.media ?? null,
      automatic: message.automatic,
      billing_source: message.billingSource ?? null,
      sent_at: message.sentAt!.toISOString(),
    });
    return message;
  }

  private async fail(message: ChatappMessage, error: string): Promise<void> {
    message.status = 'failed';
    message.error = error;
    if (message.creditsCharged > 0) {
      await this.deps.credits.add(message.creditsCharged, 'chatapp_message_refund', `chatapp_message:${message.id}`);
      message.creditsCharged = 0;
    }
    await this.em.flush();
  }
}
