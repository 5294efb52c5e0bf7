import { sql, type EntityManager, type ScopedEvents, type ShopContext } from '../../../core/index.js';
import type { ConversationsUpdated } from '../surface.js';
import { lastStatuses, receivedActivities, sentActivities, type Activity } from './activity-batch.js';
import type { MessageReceived, MessageSent, MessageStatusChanged } from './message-events.js';

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  customersService: {
    recordContacts(contacts: { phone: string; at: Date }[]): Promise<void>;
  };
  events: ScopedEvents;
}

/** A conversation a statement changed, as its RETURNING clause gives it. */
interface Touched {
  id: number;
  session_id: number;
  phone: string;
}

/** Columns that describe the last message: replaced only by a message at least as recent. */
const LATEST = ['last_message_at', 'last_message_preview', 'last_direction', 'last_message_id', 'last_message_status'];
const keepLatest = LATEST.map(
  (c) =>
    `"${c}" = case when excluded.last_message_at >= conversations.last_message_at then excluded."${c}" else conversations."${c}" end`,
).join(', ');

/**
 * Keeps conversations current from whatsapp_ops' message events. Runs as the listeners of those
 * events, inside the transaction that stores the message, so a conversation never counts a
 * message that was not stored. Each message event arrives once (whatsapp_ops stores every message
 * once and drops redelivered network events), and events of one conversation can arrive out of
 * order: the last-message columns only move to a newer message, while counts always add up.
 * Each conversation a batch changed is told as conversations.updated, in the same transaction.
 */
export class ConversationActivityService {
  constructor(private readonly deps: Deps) {}

  /**
   * Inbound messages: one more unread message each, and each customer exists with its last contact
   * at its latest message. A batch costs a statement here and two in customers, however large.
   */
  async messagesReceived(events: MessageReceived[]): Promise<void> {
    await this.upsert(receivedActivities(events));
    await this.deps.customersService.recordContacts(
      events.map((e) => ({ phone: e.phone, at: new Date(e.received_at) })),
    );
  }

  /**
   * A message a person sent (not an automation) answers the customer, so the conversation counts
   * as read from then on; automatic messages leave the unread count alone. One statement per batch.
   */
  async messagesSent(events: MessageSent[]): Promise<void> {
    await this.upsert(sentActivities(events));
  }

  /**
   * Receipts only matter for the message the conversation shows. One statement per batch, with one
   * status per message, so the join never meets a conversation twice. Raw SQL, so the shop is explicit.
   */
  async messageStatuses(events: MessageStatusChanged[]): Promise<void> {
    const last = lastStatuses(events).map((e) => ({
      message_id: e.message_id,
      session_id: e.session_id,
      phone: e.phone,
      status: e.status,
    }));
    if (last.length === 0) return;
    const touched = await sql<Touched>(
      this.deps.em,
      `update conversations c set last_message_status = v.status, updated_at = now()
       from json_to_recordset($1::json) as v(message_id int, session_id int, phone text, status text)
       where c.shop_id = $2 and c.session_id = v.session_id and c.phone = v.phone and c.last_message_id = v.message_id
       returning c.id, c.session_id, c.phone`,
      [JSON.stringify(last), this.deps.shop.id],
    );
    await this.updated(touched, 'status');
  }

  async agentDeleted(e: { agent_id: number }): Promise<void> {
    const touched = await sql<Touched>(
      this.deps.em,
      `update conversations set assigned_agent_id = null, updated_at = now()
       where shop_id = $1 and assigned_agent_id = $2 returning id, session_id, phone`,
      [this.deps.shop.id, e.agent_id],
    );
    await this.deps.events.emitMany(
      'conversations.assigned',
      touched.map((c) => ({
        conversation_id: c.id,
        session_id: c.session_id,
        phone: c.phone,
        agent_id: null,
        previous_agent_id: e.agent_id,
      })),
    );
  }

  private async updated(touched: Touched[], change: ConversationsUpdated['change']): Promise<void> {
    await this.deps.events.emitMany(
      'conversations.updated',
      touched.map((c) => ({ conversation_id: c.id, session_id: c.session_id, phone: c.phone, change })),
    );
  }

  /**
   * A person's answer clears the unread count only when it is not older than the conversation's
   * last message: a send the network took late (its event comes after a newer inbound message)
   * answers nothing the customer wrote since.
   *
   * One statement, so concurrent messages of a new conversation never race to create it twice and
   * counters never lose an increment; at most one activity per conversation (ON CONFLICT touches a
   * row once per statement). Raw SQL, so the shop is explicit: rows get the scope's shop id and the
   * conflict key includes it, so another shop's row is never touched.
   */
  private async upsert(activities: Activity[]): Promise<void> {
    if (activities.length === 0) return;
    const rows = activities.map((a) => ({
      session_id: a.sessionId,
      phone: a.phone,
      unread: a.unread,
      at: a.at,
      preview: a.preview,
      direction: a.direction,
      message_id: a.messageId,
      status: a.status,
      read_at: a.readAt,
    }));
    const touched = await sql<Touched>(
      this.deps.em,
      `insert into conversations (shop_id, session_id, phone, unread_count, last_message_at, last_message_preview, last_direction, last_message_id, last_message_status, assigned_agent_id, read_at, created_at, updated_at)
       select $1, v.session_id, v.phone, v.unread, v.at, v.preview, v.direction, v.message_id, v.status, null, v.read_at, now(), now()
       from json_to_recordset($2::json) as v(session_id int, phone text, unread int, at timestamptz, preview text, direction text, message_id int, status text, read_at timestamptz)
       on conflict (shop_id, session_id, phone) do update set ${keepLatest},
         "unread_count" = case
           when excluded.read_at is null then conversations.unread_count + excluded.unread_count
           when excluded.read_at >= conversations.last_message_at then 0
           else conversations.unread_count end,
         "read_at" = case when excluded.read_at is null then conversations.read_at else greatest(conversations.read_at, excluded.read_at) end,
         "updated_at" = now()
       returning id, session_id, phone`,
      [this.deps.shop.id, JSON.stringify(rows)],
    );
    await this.updated(touched, 'messages');
  }
}
