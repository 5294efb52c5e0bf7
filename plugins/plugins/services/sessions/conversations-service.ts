import {
  invalidArguments,
  invalidState,
  notFound,
  phoneE164OrNull,
  type Paging,
  type Services,
} from '../../../../core/index.js';
import { WidgetMessage } from '../../entities/widget-message.entity.js';
import { WidgetSession } from '../../entities/widget-session.entity.js';
import type { SessionStatus } from '../../entities/values.js';
import { messagePayload } from '../visitors/visitor-service.js';
import { sessionPayload } from './session-payload.js';

export interface ConversationFilters {
  status?: SessionStatus;
  widget?: 'chat' | 'product-qa' | 'docqa';
  has_customer?: boolean;
}

/**
 * The widgets' conversations as the shop's people see them: list, read, note, link to a customer,
 * and answer — a person's reply pauses the assistant in that conversation (unless told not to).
 */
export class WidgetConversationsService {
  constructor(private readonly deps: Services) {}

  async list(filters: ConversationFilters, paging: Paging) {
    const where: Record<string, unknown> = {};
    if (filters.status) where.status = filters.status;
    if (filters.widget) where.widget = filters.widget;
    if (filters.has_customer !== undefined) where.customerPhone = filters.has_customer ? { $ne: null } : null;
    const [rows, count] = await this.deps.em.findAndCount(WidgetSession, where, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      ...paging,
    });
    return { conversations: rows.map(sessionPayload), count };
  }

  async get(sessionId: string, limit: number) {
    const session = await this.find(sessionId);
    const messages = await this.deps.em.find(WidgetMessage, { sessionId }, { orderBy: { id: 'desc' }, limit });
    return {
      conversation: { ...sessionPayload(session), note: this.note(session) },
      messages: messages.reverse().map(messagePayload),
      customer: await this.customer(session),
    };
  }

  /** The spec's check: whether a note exists, and the customer the conversation is linked to. */
  async checkNote(sessionId: string) {
    const session = await this.find(sessionId);
    return {
      session_id: session.id,
      has_note: session.note !== null,
      note: this.note(session),
      customer: await this.customer(session),
    };
  }

  async addNote(sessionId: string, note: string, agentName: string | undefined) {
    const session = await this.find(sessionId);
    const text = note.trim();
    if (!text) throw invalidArguments('note is blank.', [{ path: 'note', message: 'blank' }]);
    session.note = text;
    session.noteAgent = agentName?.trim() || null;
    session.noteAt = new Date();
    await this.deps.em.flush();
    return { session_id: session.id, has_note: true, note: this.note(session) };
  }

  /** A person answers in the widget (the visitor's next poll shows it). */
  async reply(sessionId: string, text: string, pauseAi: boolean, agentName: string | undefined) {
    const session = await this.find(sessionId);
    if (session.status === 'closed')
      throw invalidState('The conversation is closed.', { current_status: 'closed', allowed: ['open', 'handed_off'] });
    const body = text.trim();
    if (!body) throw invalidArguments('message is blank.', [{ path: 'message', message: 'blank' }]);
    const message = this.deps.em.create(WidgetMessage, {
      sessionId,
      role: 'agent',
      text: body,
      citations: null,
      agentName: agentName?.trim() || null,
    } as unknown as WidgetMessage);
    session.messageCount += 1;
    session.lastMessageAt = new Date();
    session.aiPaused = pauseAi;
    session.status = pauseAi ? 'handed_off' : 'open';
    await this.deps.em.flush();
    return { message: messagePayload(message), conversation: sessionPayload(session) };
  }

  async close(sessionId: string) {
    const session = await this.find(sessionId);
    session.status = 'closed';
    await this.deps.em.flush();
    return { conversation: sessionPayload(session) };
  }

  /** Links the conversation to a customer by phone (created when new). */
  async link(sessionId: string, rawPhone: string) {
    const session = await this.find(sessionId);
    const phone = phoneE164OrNull(rawPhone);
    if (!phone)
      throw invalidArguments('phone is not a phone number with its international prefix.', [
        { path: 'phone', message: 'not a phone' },
      ]);
    const { customer, created } = await this.deps.customersService.ensurePayload(phone);
    session.customerPhone = phone;
    await this.deps.em.flush();
    return { conversation: sessionPayload(session), customer, customer_created: created };
  }

  async find(sessionId: string): Promise<WidgetSession> {
    const session = await this.deps.em.findOne(WidgetSession, { id: sessionId });
    if (!session) throw notFound('widget session', sessionId);
    return session;
  }

  private note(session: WidgetSession) {
    return session.note === null
      ? null
      : { text: session.note, agent_name: session.noteAgent, written_at: session.noteAt?.toISOString() ?? null };
  }

  private async customer(session: WidgetSession) {
    if (!session.customerPhone)
      return session.customerEmail || session.visitorName
        ? { phone: null, email: session.customerEmail, name: session.visitorName, known: false }
        : null;
    const found = await this.deps.customersService.findByPhone(session.customerPhone);
    return found
      ? { ...this.deps.customersService.toPayload(found), known: true }
      : { phone: session.customerPhone, email: session.customerEmail, name: session.visitorName, known: false };
  }
}
