import type { EntityManager, ShopContext } from '../../../core/index.js';
import { Conversation, type Direction, type MessageStatus } from '../entities/conversation.entity.js';
import type { MessageReceived, MessageSent, MessageStatusChanged } from './message-events.js';
import { messagePreview } from './message-preview.js';

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  customersService: {
    ensureByPhone(phone: string): Promise<unknown>;
    touchLastContact(phone: string, at: Date): Promise<void>;
  };
}

interface Activity {
  sessionId: number;
  phone: string;
  at: Date;
  preview: string;
  direction: Direction;
  messageId: number;
  status: MessageStatus;
}

/** What a message does to the unread count: inbound adds one, a person's reply clears it. */
type UnreadEffect = 'increment' | 'clear' | 'none';

const UNREAD_ON_CONFLICT: Record<UnreadEffect, string> = {
  increment: ', "unread_count" = conversations.unread_count + 1',
  clear: ', "unread_count" = 0, "read_at" = greatest(conversations.read_at, excluded.read_at)',
  none: '',
};

/** Columns that describe the last message: replaced only by a message at least as recent. */
const LATEST = ['last_message_at', 'last_message_preview', 'last_direction', 'last_message_id', 'last_message_status'];
const keepLatest = LATEST.map((c) => `"${c}" = case when excluded.last_message_at >= conversations.last_message_at then excluded."${c}" else conversations."${c}" end`).join(', ');

/**
 * Keeps conversations current from whatsapp_ops' message events. Runs as the listeners of those
 * events, inside the transaction that stores the message, so a conversation never counts a
 * message that was not stored. Each message event arrives once (whatsapp_ops stores every message
 * once and drops redelivered network events), and events of one conversation can arrive out of
 * order: the last-message columns only move to a newer message, while counts always add up.
 */
export class ConversationActivityService {
  constructor(private readonly deps: Deps) {}

  /** One more unread message; the customer record exists and its last contact is this message. */
  async messageReceived(e: MessageReceived): Promise<void> {
    const at = new Date(e.received_at);
    await this.upsert(
      { sessionId: e.session_id, phone: e.phone, at, preview: messagePreview(e.text, e.media), direction: 'inbound', messageId: e.message_id, status: 'received' },
      'increment',
    );
    await this.deps.customersService.ensureByPhone(e.phone);
    await this.deps.customersService.touchLastContact(e.phone, at);
  }

  /**
   * A message a person sent (not an automation) answers the customer, so the conversation counts
   * as read from then on; automatic messages leave the unread count alone.
   */
  async messageSent(e: MessageSent): Promise<void> {
    const at = new Date(e.sent_at);
    const activity: Activity = { sessionId: e.session_id, phone: e.phone, at, preview: messagePreview(e.text, e.media), direction: 'outbound', messageId: e.message_id, status: 'sent' };
    await this.upsert(activity, e.automatic ? 'none' : 'clear');
  }

  /** Receipts only matter for the message the conversation shows. */
  async messageStatus(e: MessageStatusChanged): Promise<void> {
    await this.deps.em.nativeUpdate(
      Conversation,
      { sessionId: e.session_id, phone: e.phone, lastMessageId: e.message_id },
      { lastMessageStatus: e.status, updatedAt: new Date() },
    );
  }

  async agentDeleted(e: { agent_id: number }): Promise<void> {
    await this.deps.em.nativeUpdate(Conversation, { assignedAgentId: e.agent_id }, { assignedAgentId: null, updatedAt: new Date() });
  }

  /**
   * One statement, so concurrent messages of a new conversation never race to create it twice and
   * counters never lose an increment. Raw SQL, so the shop is explicit: the row gets the scope's
   * shop id and the conflict key includes it, so another shop's row is never touched.
   */
  private async upsert(a: Activity, unread: UnreadEffect): Promise<void> {
    await this.deps.em.execute(
      `insert into conversations (shop_id, session_id, phone, unread_count, last_message_at, last_message_preview, last_direction, last_message_id, last_message_status, assigned_agent_id, read_at, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, now(), now())
       on conflict (shop_id, session_id, phone) do update set ${keepLatest}${UNREAD_ON_CONFLICT[unread]}, "updated_at" = now()`,
      [this.deps.shop.id, a.sessionId, a.phone, unread === 'increment' ? 1 : 0, a.at, a.preview, a.direction, a.messageId, a.status, unread === 'clear' ? a.at : null],
    );
  }
}
