import {
  groupNotEnabled,
  containsPattern,
  nonBlank,
  normalizePhone,
  notFound,
  pageOf,
  type EntityManager,
  type GroupCatalog,
  type Paging,
  type ScopedEvents,
  type ShopContext,
} from '../../../core/index.js';
import { Conversation } from '../entities/conversation.entity.js';
import { conversationPayload, type CustomerSummary } from './conversation-payload.js';

interface CustomerRecord {
  id: number;
  phone: string;
  name?: string | null;
}

interface Deps {
  em: EntityManager;
  shop: ShopContext;
  kernelCatalog: GroupCatalog;
  customersService: {
    findByPhones(phones: string[]): Promise<CustomerRecord[]>;
    toPayload(c: CustomerRecord): { id: number; name: string | null; tags: { name: string }[] };
  };
  chatappMessagesService: {
    list(
      filter: { phone?: string; sessionId?: number } & Paging,
    ): Promise<{ messages: unknown[]; count: number; limit: number; offset: number; has_more: boolean }>;
  };
  agentsService: {
    findById(id: number): Promise<{ id: number; nickname: string; fullName: string } | null>;
  };
  events: ScopedEvents;
}

export interface ListFilters {
  unread_only?: boolean;
  assigned_agent_id?: number;
  session_id?: number;
}

/** Newest activity first; the id breaks ties so pages never overlap. */
const NEWEST_FIRST = { lastMessageAt: 'desc', id: 'desc' } as const;

/** Digits a query must hold before it is also matched against phone numbers. */
const MIN_PHONE_DIGITS = 3;

/** The messages the conversation resource shows with it, newest first. */
const DETAIL_MESSAGES = 20;

/**
 * The shop's conversations as an inbox: lists, search, read state and assignment. A phone with no
 * session_id means the customer's conversations on every line of the shop.
 */
export class ConversationsService {
  // The cradle is kept rather than destructured: agentsService exists only when agents is enabled.
  constructor(private readonly deps: Deps) {}

  private get em() {
    return this.deps.em;
  }

  async recent(limit: number) {
    const [items, count] = await this.em.findAndCount(Conversation, {}, { orderBy: NEWEST_FIRST, limit });
    return { conversations: await this.payloads(items), count, limit, has_more: items.length < count };
  }

  /** One conversation by id with its latest messages: what its resource shows. */
  async detail(id: number) {
    const conversation = await this.em.findOne(Conversation, { id });
    if (!conversation) throw notFound('conversation', id);
    const { messages, count } = await this.deps.chatappMessagesService.list({
      phone: conversation.phone,
      sessionId: conversation.sessionId,
      limit: DETAIL_MESSAGES,
      offset: 0,
    });
    const [payload] = await this.payloads([conversation]);
    return { conversation: payload!, messages, message_count: count };
  }

  async list(filters: ListFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    if (filters.unread_only) where.unreadCount = { $gt: 0 };
    if (filters.assigned_agent_id !== undefined)
      where.assignedAgentId = filters.assigned_agent_id === 0 ? null : filters.assigned_agent_id;
    if (filters.session_id !== undefined) where.sessionId = filters.session_id;
    const [items, count] = await this.em.findAndCount(Conversation, where, {
      orderBy: NEWEST_FIRST,
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('conversations', await this.payloads(items), count, paging);
  }

  /**
   * Conversations with a message containing the query (any case), or whose phone contains the
   * query's digits when it has at least three. The messages live in whatsapp_ops' chatapp_messages;
   * this reads that table in SQL, limited to the shop, rather than paging every message through
   * chatappMessagesService.
   */
  async search(query: string, paging: Paging) {
    const text = nonBlank(query, 'query');
    const digits = text.replace(/\D/g, '');
    const byPhone = digits.length >= MIN_PHONE_DIGITS;
    const where = `c.shop_id = ? and (${byPhone ? 'c.phone like ? or ' : ''}exists (
      select 1 from chatapp_messages_view m
      where m.shop_id = c.shop_id and m.session_id = c.session_id and m.phone = c.phone and m.text ilike ?))`;
    const params = [this.deps.shop.id, ...(byPhone ? [`%${digits}%`] : []), containsPattern(text)];
    const [{ total }] = await this.em.execute(`select count(*) as total from conversations c where ${where}`, params);
    const rows: { id: number }[] = await this.em.execute(
      `select c.id from conversations c where ${where} order by c.last_message_at desc, c.id desc limit ? offset ?`,
      [...params, paging.limit, paging.offset],
    );
    const found = new Map(
      (await this.em.find(Conversation, { id: { $in: rows.map((r) => r.id) } })).map((c) => [c.id, c]),
    );
    return pageOf('conversations', await this.payloads(rows.map((r) => found.get(r.id)!)), Number(total), paging);
  }

  /**
   * The messages of the conversations addressed, newest first, read from whatsapp_ops' message log.
   * The conversations are read after the page: a message stored between the two reads then shows
   * in the counts too, never in the page alone.
   */
  async messages(rawPhone: string, sessionId: number | undefined, paging: Paging) {
    const phone = normalizePhone(rawPhone);
    const page = await this.deps.chatappMessagesService.list({ phone, sessionId, ...paging });
    const conversations = await this.addressed(phone, sessionId);
    return { phone, conversations: await this.payloads(conversations), ...page };
  }

  /** Marks every conversation addressed as read: no unread messages, read_at now. */
  async markRead(rawPhone: string, sessionId: number | undefined) {
    const conversations = await this.addressed(rawPhone, sessionId);
    const now = new Date();
    for (const c of conversations) {
      c.unreadCount = 0;
      c.readAt = now;
    }
    await this.em.flush();
    await this.deps.events.emitMany(
      'conversations.updated',
      conversations.map((c) => ({ conversation_id: c.id, session_id: c.sessionId, phone: c.phone, change: 'read' })),
    );
    return { conversations: await this.payloads(conversations), count: conversations.length };
  }

  /** agentId 0 unassigns, which works without the agents group; assigning needs it. */
  async assign(rawPhone: string, sessionId: number | undefined, agentId: number) {
    if (agentId !== 0 && !this.deps.kernelCatalog.names().includes('agents')) {
      throw groupNotEnabled(
        'agents',
        'Assigning a conversation needs the agents group, which is not enabled on this server. agent_id 0 unassigns.',
      );
    }
    const conversations = await this.addressed(rawPhone, sessionId);
    const agent = agentId === 0 ? null : await this.deps.agentsService.findById(agentId);
    if (agentId !== 0 && !agent) throw notFound('agent', agentId);
    const assigned = agent?.id ?? null;
    const changed = conversations.filter((c) => (c.assignedAgentId ?? null) !== assigned);
    const moves = changed.map((c) => ({
      conversation_id: c.id,
      session_id: c.sessionId,
      phone: c.phone,
      agent_id: assigned,
      previous_agent_id: c.assignedAgentId ?? null,
    }));
    for (const c of changed) c.assignedAgentId = assigned;
    await this.em.flush();
    await this.deps.events.emitMany('conversations.assigned', moves);
    return {
      conversations: await this.payloads(conversations),
      count: conversations.length,
      agent: agent && { id: agent.id, nickname: agent.nickname, full_name: agent.fullName },
    };
  }

  /** The conversations a phone (and optionally a session) names, or not_found. */
  async addressed(rawPhone: string, sessionId: number | undefined): Promise<Conversation[]> {
    const phone = normalizePhone(rawPhone);
    const conversations = await this.em.find(
      Conversation,
      { phone, ...(sessionId !== undefined && { sessionId }) },
      { orderBy: NEWEST_FIRST },
    );
    if (conversations.length === 0)
      throw notFound('conversation', sessionId === undefined ? phone : { phone, session_id: sessionId });
    return conversations;
  }

  /** Payloads with the customer behind each phone, looked up in one query. */
  async payloads(conversations: Conversation[]) {
    const phones = [...new Set(conversations.map((c) => c.phone))];
    const customers = new Map<string, CustomerSummary>();
    for (const record of await this.deps.customersService.findByPhones(phones)) {
      const customer = this.deps.customersService.toPayload(record);
      customers.set(record.phone, { id: customer.id, name: customer.name, tags: customer.tags.map((t) => t.name) });
    }
    return conversations.map((c) => conversationPayload(c, customers.get(c.phone) ?? null));
  }
}
