import { normalizePhone, ToolError, type Services } from '../../../core/index.js';

export interface ConversationRef {
  id: number;
  sessionId: number;
  phone: string;
  lastMessageAt: Date | null;
  /** The newest message's id: an analysis of this conversation is current while it has not changed. */
  lastMessageId: number | null;
}

export interface ConversationMessage {
  id: number;
  direction: 'inbound' | 'outbound';
  text: string;
  /** Sent by the platform (campaign, auto-reply, follow-up): context, never evidence of intent. */
  automatic: boolean;
  createdAt: Date;
}

/** How much of a conversation to read: its last n messages, and only those of the last days. */
export interface Window {
  lastN: number;
  days?: number;
  hours?: number;
}

const CONVERSATION_COLUMNS = `c.id, c.session_id, c.phone, c.last_message_at,
  (select max(m.id) from chatapp_messages_view m where m.shop_id = c.shop_id and m.phone = c.phone and m.session_id = c.session_id) as last_message_id`;

interface ConversationRow {
  id: number;
  session_id: number;
  phone: string;
  last_message_at: Date | null;
  last_message_id: number | null;
}

const toRef = (r: ConversationRow): ConversationRef => ({
  id: r.id,
  sessionId: r.session_id,
  phone: r.phone,
  lastMessageAt: r.last_message_at,
  lastMessageId: r.last_message_id === null ? null : Number(r.last_message_id),
});

/**
 * The shop's conversations and their messages as ai_analysis reads them: through conversations'
 * and whatsapp_ops' read views, never their tables.
 */
export class AnalysisConversationReader {
  constructor(private readonly deps: Services) {}

  /** Conversations whose customer wrote in the last `hours`, newest activity first. */
  async active(hours: number, limit: number, phone?: string): Promise<ConversationRef[]> {
    const params: unknown[] = [this.deps.shop.id, hours];
    let byPhone = '';
    if (phone !== undefined) {
      byPhone = 'and c.phone = ?';
      params.push(normalizePhone(phone));
    }
    params.push(limit);
    const rows = await this.deps.em.execute<ConversationRow[]>(
      `select ${CONVERSATION_COLUMNS} from conversations_view c
       where c.shop_id = ? and exists (
         select 1 from chatapp_messages_view m
         where m.shop_id = c.shop_id and m.phone = c.phone and m.session_id = c.session_id
           and m.direction = 'inbound' and m.created_at > now() - make_interval(hours => ?::int))
       ${byPhone}
       order by c.last_message_at desc nulls last, c.id desc limit ?`,
      params,
    );
    return rows.map(toRef);
  }

  /**
   * The customer's conversation on that line, or, without a session, the one with the newest
   * activity. not_found when the shop has none with that phone.
   */
  async resolve(rawPhone: string, sessionId?: number): Promise<ConversationRef> {
    const phone = normalizePhone(rawPhone);
    const params: unknown[] = [this.deps.shop.id, phone];
    if (sessionId !== undefined) params.push(sessionId);
    const [row] = await this.deps.em.execute<ConversationRow[]>(
      `select ${CONVERSATION_COLUMNS} from conversations_view c where c.shop_id = ? and c.phone = ?
       ${sessionId !== undefined ? 'and c.session_id = ?' : ''}
       order by c.last_message_at desc nulls last, c.id desc limit 1`,
      params,
    );
    if (!row)
      throw new ToolError(
        'not_found',
        sessionId !== undefined
          ? `No conversation with ${phone} on session ${sessionId} in this shop.`
          : `No conversation with ${phone} in this shop.`,
        { resource: 'conversation' },
      );
    return toRef(row);
  }

  /**
   * Conversations quiet for at least `minutes` (the customer wrote in the last week) whose newest
   * message no stored analysis has seen: the idle-conversation job's work.
   */
  async idleUnanalysed(minutes: number, limit: number): Promise<ConversationRef[]> {
    const rows = await this.deps.em.execute<ConversationRow[]>(
      `select * from (select ${CONVERSATION_COLUMNS} from conversations_view c
         where c.shop_id = ? and c.last_message_at < now() - make_interval(mins => ?::int)
           and c.last_message_at > now() - interval '7 days'
           and exists (select 1 from chatapp_messages_view m where m.shop_id = c.shop_id and m.phone = c.phone
             and m.session_id = c.session_id and m.direction = 'inbound' and m.created_at > now() - interval '7 days')) c
       where not exists (select 1 from ai_conversation_analyses a
         where a.shop_id = ? and a.conversation_id = c.id and a.last_message_id = c.last_message_id)
       order by c.last_message_at limit ?`,
      [this.deps.shop.id, minutes, this.deps.shop.id, limit],
    );
    return rows.map(toRef);
  }

  /** All the customer's conversations (every line), newest activity first; not_found when there is none. */
  async forPhone(rawPhone: string): Promise<ConversationRef[]> {
    const phone = normalizePhone(rawPhone);
    const rows = await this.deps.em.execute<ConversationRow[]>(
      `select ${CONVERSATION_COLUMNS} from conversations_view c where c.shop_id = ? and c.phone = ?
       order by c.last_message_at desc nulls last, c.id desc`,
      [this.deps.shop.id, phone],
    );
    if (rows.length === 0)
      throw new ToolError('not_found', `No conversation with ${phone} in this shop.`, { resource: 'conversation' });
    return rows.map(toRef);
  }

  /** A customer's last messages across all their lines, oldest first (not_found when there is none). */
  async customerHistory(rawPhone: string, window: Window) {
    const conversations = await this.forPhone(rawPhone);
    const messages = [...(await this.messages(conversations, window)).values()]
      .flat()
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id)
      .slice(-window.lastN);
    return { phone: conversations[0]!.phone, conversations, messages };
  }

  /** Each conversation's messages in the window, oldest first. */
  async messages(conversations: ConversationRef[], window: Window): Promise<Map<number, ConversationMessage[]>> {
    const result = new Map<number, ConversationMessage[]>(conversations.map((c) => [c.id, []]));
    if (conversations.length === 0) return result;
    const since = window.hours ?? (window.days !== undefined ? window.days * 24 : null);
    const rows = await this.deps.em.execute<
      {
        conversation_id: number;
        id: number;
        direction: 'inbound' | 'outbound';
        text: string | null;
        automatic: boolean;
        created_at: Date;
      }[]
    >(
      `select c.id as conversation_id, m.id, m.direction, m.text, m.automatic, m.created_at
       from conversations_view c cross join lateral (
         select m.id, m.direction, m.text, m.automatic, m.created_at from chatapp_messages_view m
         where m.shop_id = c.shop_id and m.phone = c.phone and m.session_id = c.session_id
           ${since !== null ? 'and m.created_at > now() - make_interval(hours => ?::int)' : ''}
         order by m.created_at desc, m.id desc limit ?) m
       where c.shop_id = ? and c.id = any(array(select json_array_elements_text(?::json)::int))
       order by m.created_at, m.id`,
      [
        ...(since !== null ? [since] : []),
        window.lastN,
        this.deps.shop.id,
        JSON.stringify(conversations.map((c) => c.id)),
      ],
    );
    for (const r of rows)
      result.get(r.conversation_id)!.push({
        id: Number(r.id),
        direction: r.direction,
        text: r.text ?? '',
        automatic: r.automatic,
        createdAt: new Date(r.created_at),
      });
    return result;
  }

  /** The tags the shop already uses, each once (as first written), most used first. */
  async shopTags(): Promise<string[]> {
    const rows = await this.deps.em.execute<{ name: string }[]>(
      `select min(t.name) as name from customer_tags_view t where t.shop_id = ?
       group by lower(t.name) order by count(*) desc, lower(t.name) limit 500`,
      [this.deps.shop.id],
    );
    return rows.map((r) => r.name);
  }

  /** The customer's own tags (lower-cased). */
  async customerTags(phone: string): Promise<string[]> {
    const rows = await this.deps.em.execute<{ name: string }[]>(
      `select lower(t.name) as name from customer_tags_view t join customers_view c on c.id = t.customer_id and c.shop_id = t.shop_id
       where t.shop_id = ? and c.phone = ?`,
      [this.deps.shop.id, phone],
    );
    return rows.map((r) => r.name);
  }
}
