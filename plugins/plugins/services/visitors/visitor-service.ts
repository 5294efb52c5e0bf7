import type { WidgetsConfig } from '../../config.js';
import { phoneE164OrNull, takeOne, PublicRefusal, type ServiceDeps } from '../../../../core/index.js';
import type { AssistantAnswer } from '../../../knowledge/surface.js';
import { DocqaFile } from '../../entities/docqa-file.entity.js';
import { WidgetMessage } from '../../entities/widget-message.entity.js';
import { WidgetSession } from '../../entities/widget-session.entity.js';
import { WIDGET_LANGUAGES, type MessageRole } from '../../entities/values.js';
import { identityHash, newSessionId, newSessionToken, sameHex, tokenHash } from '../settings/keys.js';
import { serverText } from './server-strings.js';
import type { WidgetView } from './widget-view.js';

export const VISITOR_TEXT_MAX = 2_000;
/** The group's rate-limit counters (the kernel's takeOne counts in it). */
export const COUNTERS = 'widget_rate_counters';
const DAY_SECONDS = 86_400;

export interface Opening {
  origin: string | null;
  ip: string;
  page_url?: string;
  language?: string;
}

export interface Identity {
  name?: string;
  phone?: string;
  email?: string;
  identity_hash?: string;
}

/** A visitor's message once counted: whether the assistant should answer it. */
export interface Accepted {
  message: ReturnType<typeof messagePayload>;
  answer: 'assistant' | 'resting' | 'person';
}

export const messagePayload = (m: WidgetMessage) => ({
  id: m.id,
  role: m.role,
  text: m.text,
  citations: m.citations,
  agent_name: m.agentName,
  created_at: m.createdAt.toISOString(),
});

/**
 * What a widget's visitor can do, behind the public routes: open a session, write (counted against
 * the session's limit in the database), be answered, identify. The routes call it in three steps
 * so the assistant's answer, which may take a model's seconds, is composed outside any transaction.
 */
export class VisitorService {
  constructor(private readonly deps: ServiceDeps<WidgetsConfig>) {}

  async open(view: WidgetView, opening: Opening) {
    const { em, shop } = this.deps;
    const perIp = await takeOne(
      em,
      COUNTERS,
      shop.id,
      `ip:${shop.id}:${opening.ip}`,
      this.deps.config.sessionsPerIpPerHour,
      3_600,
    );
    if (!perIp.ok)
      throw new PublicRefusal(429, 'rate_limited', 'Too many conversations from this address; try again later.', {
        limit: this.deps.config.sessionsPerIpPerHour,
        window_minutes: 60,
        retry_after_seconds: perIp.retryAfterSeconds,
      });
    const token = newSessionToken();
    const session = em.create(WidgetSession, {
      id: newSessionId(),
      widget: view.kind,
      assistantId: view.assistantId,
      tokenHash: tokenHash(token),
      origin: opening.origin?.slice(0, 300) ?? null,
      pageUrl: opening.page_url?.slice(0, 2000) ?? null,
      language: languageOf(view, opening.language),
      status: 'open',
      aiPaused: false,
      visitorName: null,
      customerPhone: null,
      customerEmail: null,
      verified: false,
      note: null,
      noteAgent: null,
      noteAt: null,
      messageCount: 0,
      lastMessageAt: null,
    } as unknown as WidgetSession);
    await em.flush();
    return { session_id: session.id, token, language: session.language };
  }

  /** The visitor's session, when the token is its own and it belongs to this widget. */
  async session(view: WidgetView, sessionId: string, token: string | undefined): Promise<WidgetSession> {
    const session = await this.deps.em.findOne(WidgetSession, { id: sessionId });
    if (
      !session ||
      !token ||
      session.widget !== view.kind ||
      session.assistantId !== view.assistantId ||
      !sameHex(session.tokenHash, tokenHash(token))
    )
      throw new PublicRefusal(401, 'session_invalid', 'This conversation is not known here; start a new one.');
    return session;
  }

  async write(view: WidgetView, session: WidgetSession, text: string): Promise<Accepted> {
    const { em, shop } = this.deps;
    const body = text.trim();
    if (!body || body.length > VISITOR_TEXT_MAX)
      throw new PublicRefusal(400, 'invalid_message', `A message has 1 to ${VISITOR_TEXT_MAX} characters.`);
    if (session.status === 'closed') throw new PublicRefusal(409, 'session_closed', 'This conversation was closed.');
    const counted = await takeOne(em, COUNTERS, shop.id, `s:${session.id}`, view.perSession, view.windowSeconds);
    if (!counted.ok)
      throw new PublicRefusal(429, 'rate_limited', 'The message limit of this conversation is reached.', {
        limit: view.perSession,
        window_minutes: view.windowSeconds === null ? null : view.windowSeconds / 60,
        retry_after_seconds: counted.retryAfterSeconds,
      });
    const message = this.add(session, 'visitor', body);
    await em.flush();
    if (view.kind === 'chat' && (session.aiPaused || session.status === 'handed_off'))
      return { message: messagePayload(message), answer: 'person' };
    const budget = await takeOne(
      em,
      COUNTERS,
      shop.id,
      `ai:${shop.id}`,
      this.deps.config.aiAnswersPerShopPerDay,
      DAY_SECONDS,
    );
    return { message: messagePayload(message), answer: budget.ok ? 'assistant' : 'resting' };
  }

  /**
   * The assistant's answer to a chat or document question (`context`: what the question is about,
   * for a model). Outside a transaction: a model may take seconds.
   */
  async compose(view: WidgetView, question: string, context?: string): Promise<AssistantAnswer> {
    return this.deps.knowledgeAnswerService.answer({
      surface: 'plugin_chat',
      question,
      instructions: [view.prompt, context].filter(Boolean).join('\n\n') || null,
      ...(view.kind === 'docqa' && { collection: `docqa:${view.assistantId}`, sources: ['documents' as const] }),
    });
  }

  /**
   * Stores what the visitor is answered: the assistant's text with its citations (a document
   * assistant's name their files), or — when it cannot answer — the hand-over notice (chat: the
   * session waits for a person, the assistant stops answering it) or "not in the documents".
   */
  async reply(view: WidgetView, sessionId: string, outcome: AssistantAnswer | 'resting' | 'person') {
    const { em } = this.deps;
    const session = await em.findOneOrFail(WidgetSession, { id: sessionId });
    if (outcome === 'person') return [];
    const texts = view.texts;
    let message: WidgetMessage;
    if (outcome === 'resting')
      message = this.add(
        session,
        'system',
        serverText(view.kind === 'chat' ? 'handoff' : 'resting', session.language, texts),
      );
    else if (outcome.text !== null)
      message = this.add(session, 'assistant', outcome.text, await this.citationsOf(view, outcome));
    else if (view.kind === 'docqa')
      message = this.add(session, 'assistant', serverText('not_in_documents', session.language, texts), []);
    else message = this.add(session, 'system', serverText('handoff', session.language, texts));
    if (view.kind === 'chat' && message.role === 'system') {
      session.status = 'handed_off';
      session.aiPaused = true;
    }
    await em.flush();
    return [messagePayload(message)];
  }

  async messagesAfter(session: WidgetSession, after: number) {
    const rows = await this.deps.em.find(
      WidgetMessage,
      { sessionId: session.id, id: { $gt: after } },
      { orderBy: { id: 'asc' }, limit: 200 },
    );
    return { messages: rows.map(messagePayload), status: session.status };
  }

  /**
   * A visitor says who they are. When the widget requires verification, a phone or email counts
   * only with the shop backend's identity_hash for it; otherwise it is taken as given (unverified).
   */
  async identify(view: WidgetView, session: WidgetSession, identity: Identity) {
    const phone = identity.phone === undefined ? null : phoneE164OrNull(identity.phone);
    if (identity.phone !== undefined && !phone)
      throw new PublicRefusal(400, 'invalid_phone', 'The phone is not a number with its international prefix.');
    const email = identity.email?.trim().toLowerCase() || null;
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
      throw new PublicRefusal(400, 'invalid_email', 'The email address is not valid.');
    const claim = identity.phone?.trim() ?? email;
    let verified = false;
    if (claim && view.verificationSecret && identity.identity_hash) {
      const expected = identityHash(this.deps.secrets.open(view.verificationSecret), claim);
      verified = sameHex(expected, identity.identity_hash.toLowerCase());
    }
    if (view.requireVerification && claim && !verified)
      throw new PublicRefusal(403, 'verification_failed', 'This identity is not signed by the shop.');
    if (identity.name !== undefined) session.visitorName = identity.name.trim().slice(0, 120) || null;
    if (phone) session.customerPhone = phone;
    if (email) session.customerEmail = email;
    session.verified = verified;
    await this.deps.em.flush();
    return { identified: true, verified };
  }

  private add(session: WidgetSession, role: MessageRole, text: string, citations: unknown[] | null = null) {
    session.messageCount += 1;
    session.lastMessageAt = new Date();
    return this.deps.em.create(WidgetMessage, {
      sessionId: session.id,
      role,
      text,
      citations,
      agentName: null,
    } as unknown as WidgetMessage);
  }

  /** A document assistant's citations name its files (and the page or heading); the chat's name the knowledge. */
  async citationsOf(view: WidgetView, answer: AssistantAnswer): Promise<unknown[]> {
    if (view.kind !== 'docqa') return answer.citations;
    const files = await this.deps.em.find(DocqaFile, { assistantId: view.assistantId! });
    const byDocument = new Map(files.map((f) => [f.documentId, f]));
    return answer.citations.flatMap((c) => {
      const file = c.document_id === null ? undefined : byDocument.get(c.document_id);
      return file ? [{ file_id: file.id, name: file.name, where: c.heading_path?.join(' › ') || null }] : [];
    });
  }
}

function languageOf(view: WidgetView, asked: string | undefined): string {
  if (view.languageMode === 'fixed' && view.languageFixed) return view.languageFixed;
  const code = asked?.slice(0, 2).toLowerCase();
  const choices = view.languageAvailable.length > 0 ? view.languageAvailable : WIDGET_LANGUAGES;
  if (code && (choices as readonly string[]).includes(code)) return code;
  return view.languageAvailable[0] ?? 'en';
}
