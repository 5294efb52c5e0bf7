import { LockMode } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import type { EntityManager } from '../../../core/index.js';
import type { MediaAttachment, SendResult, SessionInfo } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import { phoneNumber } from '../channel/phone-number.js';
import { SandboxSession } from './entities/sandbox-session.entity.js';
import { SandboxMessage } from './entities/sandbox-message.entity.js';
import { SandboxArchivedChat } from './entities/sandbox-archived-chat.entity.js';
import { checkIdempotencyKey, contentHash, messageContent } from './message-content.js';
import { newLinePhone, newPairingToken, newProviderMessageId, newSessionKey } from './sandbox-ids.js';
import { recordEvent, SandboxOutbox, type EventSink } from './sandbox-outbox.js';
import { SandboxReceipts } from './sandbox-receipts.js';
import { DEFAULT_SANDBOX_TIMINGS, type SandboxTimings } from './sandbox-timings.js';
import { toSessionInfo } from './sandbox-views.js';
import { SandboxWorker } from './sandbox-worker.js';

export interface SandboxEngineOptions {
  /** A root EntityManager; the engine forks it per operation. Its tables are not tenant-owned. */
  em: EntityManager;
  /** This engine instance's name: apps sharing a database never touch each other's rows. */
  name: string;
  /** Where the hosting app serves the pairing routes (pairing-routes.ts). */
  pairingBaseUrl: () => string;
  timings?: Partial<SandboxTimings>;
  log: Pick<FastifyBaseLogger, 'error'>;
}

export interface EnginePairing {
  session: SessionInfo;
  /** Set while the session awaits pairing: the link the QR encodes. */
  pairingUrl: string | null;
}

export interface OutboundMessage {
  sessionKey: string;
  to: string;
  text?: string;
  media?: MediaAttachment;
  idempotencyKey: string;
}

export interface InjectedInbound {
  sessionKey: string;
  from: string;
  text?: string;
  media?: MediaAttachment;
}

export interface InjectedReceipt {
  sessionKey: string;
  providerMessageId: string;
  status: 'delivered' | 'read' | 'failed';
  error?: string;
}

/** Which simulated receipt may follow which status: forward only, and failure only before delivery. */
const RECEIPT_FROM: Record<InjectedReceipt['status'], SandboxMessage['status'][]> = {
  delivered: ['sent'],
  read: ['sent', 'delivered'],
  failed: ['sent'],
};

/**
 * The sandbox messaging network. Sessions pair when their pairing link is opened, sends are
 * recorded in PostgreSQL and acknowledged by simulated receipts, inbound messages are injected.
 * Every change that the outside should hear about queues an event in the same transaction; a
 * worker delivers events to the sink and advances receipts.
 */
export class SandboxEngine {
  readonly name: string;
  private readonly rootEm: EntityManager;
  private readonly timings: SandboxTimings;
  private readonly outbox: SandboxOutbox;
  private readonly receipts: SandboxReceipts;
  private readonly worker: SandboxWorker;
  private sink: EventSink | null = null;

  constructor(private readonly options: SandboxEngineOptions) {
    this.name = options.name;
    this.rootEm = options.em;
    this.timings = { ...DEFAULT_SANDBOX_TIMINGS, ...options.timings };
    this.outbox = new SandboxOutbox(this.rootEm, this.name, this.timings);
    this.receipts = new SandboxReceipts(this.rootEm, this.name, this.timings);
    this.worker = new SandboxWorker(() => this.tick(), this.timings.pollIntervalMs, options.log);
  }

  /** Without a sink events stay queued (and are delivered once one is set). */
  setSink(sink: EventSink | null): void {
    this.sink = sink;
    this.worker.wake();
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /**
   * An EntityManager for one operation. Called inside a caller's transaction (a tool call that
   * sends), it joins that transaction: the network's record commits or rolls back with the
   * caller's, and no second connection is needed while the caller holds one (the embedded
   * database serves one transaction at a time). Outside any transaction it is a plain fork.
   */
  private fork(): EntityManager {
    return this.rootEm.fork({ keepTransactionContext: true });
  }

  pairingUrl(token: string): string {
    return `${this.options.pairingBaseUrl().replace(/\/$/, '')}/sandbox/pair/${token}`;
  }

  /** `em` lets a caller create the session inside its own transaction (the session service does). */
  async createSession(em: EntityManager = this.fork()): Promise<EnginePairing> {
    const session = em.create(SandboxSession, {
      engine: this.name,
      sessionKey: newSessionKey(),
      status: 'awaiting_pairing',
      pairingToken: newPairingToken(),
    } as SandboxSession);
    await em.flush();
    return this.pairing(session);
  }

  async connect(sessionKey: string): Promise<EnginePairing> {
    return this.fork().transactional(async (em) => {
      const session = await this.load(em, sessionKey, true);
      if (session.status === 'logged_out') {
        session.status = 'awaiting_pairing';
        session.pairingToken = newPairingToken();
      }
      return this.pairing(session);
    });
  }

  /** What opening a pairing link does. Null: the link is unknown or no longer valid. */
  async pair(token: string, phone?: string): Promise<{ outcome: 'paired' | 'already_paired'; session: SessionInfo } | null> {
    const line = phone === undefined ? newLinePhone() : phoneNumber(phone, 'phone');
    const result = await this.fork().transactional(async (em) => {
      const session = await em.findOne(SandboxSession, { engine: this.name, pairingToken: token }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!session) return null;
      if (session.status === 'connected') return { outcome: 'already_paired' as const, session: toSessionInfo(session) };
      const now = new Date();
      Object.assign(session, { status: 'connected', phone: line, connectedAt: now, disconnectedAt: null });
      recordEvent(em, this.name, session.sessionKey, { type: 'session.connected', data: { phone: line } }, now);
      return { outcome: 'paired' as const, session: toSessionInfo(session) };
    });
    if (result?.outcome === 'paired') this.worker.wake();
    return result;
  }

  /** The current pairing state, changing nothing (connect() restarts pairing after a logout). */
  async pairingState(sessionKey: string): Promise<EnginePairing> {
    return this.pairing(await this.load(this.fork(), sessionKey));
  }

  /** The session a pairing link would pair now, if any. */
  async awaitingPairing(token: string): Promise<SessionInfo | null> {
    const session = await this.fork().findOne(SandboxSession, { engine: this.name, pairingToken: token, status: 'awaiting_pairing' });
    return session && toSessionInfo(session);
  }

  async status(sessionKey: string): Promise<SessionInfo> {
    return toSessionInfo(await this.load(this.fork(), sessionKey));
  }

  /** Logging out ends pairing too; messages already sent still get their receipts. */
  async logout(sessionKey: string): Promise<SessionInfo> {
    const info = await this.fork().transactional(async (em) => {
      const session = await this.load(em, sessionKey, true);
      if (session.status === 'logged_out') return toSessionInfo(session);
      const now = new Date();
      if (session.status === 'connected') {
        recordEvent(em, this.name, sessionKey, { type: 'session.disconnected', data: { reason: 'logged_out' } }, now);
      }
      Object.assign(session, { status: 'logged_out', pairingToken: null, disconnectedAt: now });
      return toSessionInfo(session);
    });
    this.worker.wake();
    return info;
  }

  /** Removes the session and its messages; events already queued are still delivered. */
  async deleteSession(sessionKey: string, em: EntityManager = this.fork()): Promise<boolean> {
    const run = async (tem: EntityManager) => {
      await tem.nativeDelete(SandboxMessage, { engine: this.name, sessionKey });
      await tem.nativeDelete(SandboxArchivedChat, { engine: this.name, sessionKey });
      return (await tem.nativeDelete(SandboxSession, { engine: this.name, sessionKey })) > 0;
    };
    return em.isInTransaction() ? run(em) : em.transactional(run);
  }

  async send(input: OutboundMessage): Promise<SendResult> {
    const to = phoneNumber(input.to, 'to', 'invalid_recipient');
    const content = messageContent(input.text, input.media);
    const key = checkIdempotencyKey(input.idempotencyKey);
    const hash = contentHash(to, content);
    const result = await this.fork().transactional(async (em) => {
      // A retry must get the first answer even if the session has logged out since.
      const earlier = await em.findOne(SandboxMessage, { sessionKey: input.sessionKey, idempotencyKey: key });
      if (earlier) return replay(earlier, hash);
      const session = await this.load(em, input.sessionKey);
      if (session.status !== 'connected') {
        throw new ChannelError('session_not_connected', `session ${input.sessionKey} is not connected (status ${session.status})`, { status: session.status });
      }
      const now = new Date();
      const providerMessageId = newProviderMessageId();
      const inserted = await em.execute<{ id: string }[]>(
        `insert into "sandbox_messages" ("engine", "session_key", "direction", "provider_message_id", "idempotency_key", "content_hash", "line_phone", "peer_phone", "text", "media", "status", "next_receipt_at", "created_at")
         values (?, ?, 'outbound', ?, ?, ?, ?, ?, ?, ?, 'sent', ?, ?)
         on conflict ("session_key", "idempotency_key") do nothing returning "id"`,
        [this.name, input.sessionKey, providerMessageId, key, hash, session.phone, to, content.text, content.media && JSON.stringify(content.media), new Date(now.getTime() + this.timings.deliveredAfterMs), now],
      );
      if (inserted.length === 0) {
        // A concurrent send with the same key committed first: answer with its message.
        return replay((await em.findOneOrFail(SandboxMessage, { sessionKey: input.sessionKey, idempotencyKey: key }, { refresh: true })), hash);
      }
      recordEvent(em, this.name, input.sessionKey, { type: 'message.status', data: { provider_message_id: providerMessageId, status: 'sent', error: null } }, now);
      return { providerMessageId, status: 'sent' as const, duplicate: false, sentAt: now };
    });
    if (!result.duplicate) this.worker.wake();
    return result;
  }

  async injectInbound(input: InjectedInbound): Promise<SandboxMessage> {
    const from = phoneNumber(input.from, 'from');
    const content = messageContent(input.text, input.media);
    const message = await this.fork().transactional(async (em) => {
      const session = await this.load(em, input.sessionKey);
      if (session.status !== 'connected') {
        throw new ChannelError('session_not_connected', `session ${input.sessionKey} is not connected (status ${session.status})`, { status: session.status });
      }
      const now = new Date();
      const row = em.create(SandboxMessage, {
        engine: this.name,
        sessionKey: input.sessionKey,
        direction: 'inbound',
        providerMessageId: newProviderMessageId(),
        linePhone: session.phone!,
        peerPhone: from,
        text: content.text,
        media: content.media,
        status: 'received',
        createdAt: now,
      } as SandboxMessage);
      recordEvent(em, this.name, input.sessionKey, {
        type: 'message.received',
        data: { provider_message_id: row.providerMessageId, from, text: content.text, media: content.media, timestamp: now.toISOString() },
      }, now);
      return row;
    });
    this.worker.wake();
    return message;
  }

  /** Forces a receipt now (a failure, or a read that would otherwise wait). */
  async injectReceipt(input: InjectedReceipt): Promise<SandboxMessage> {
    const message = await this.fork().transactional(async (em) => {
      await this.load(em, input.sessionKey);
      const row = await em.findOne(
        SandboxMessage,
        { engine: this.name, sessionKey: input.sessionKey, providerMessageId: input.providerMessageId, direction: 'outbound' },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!row) throw new ChannelError('invalid_receipt', `no outbound message ${input.providerMessageId} on session ${input.sessionKey}`, { field: 'provider_message_id' });
      if (!RECEIPT_FROM[input.status].includes(row.status)) {
        throw new ChannelError('invalid_receipt', `a ${input.status} receipt cannot follow status ${row.status}`, { current_status: row.status, allowed: RECEIPT_FROM[input.status] });
      }
      const now = new Date();
      const error = input.status === 'failed' ? (input.error ?? 'delivery failed') : null;
      if (input.status === 'delivered') Object.assign(row, { deliveredAt: now, nextReceiptAt: this.timings.readAfterMs === null ? null : new Date(now.getTime() + this.timings.readAfterMs) });
      if (input.status === 'read') Object.assign(row, { deliveredAt: row.deliveredAt ?? now, readAt: now, nextReceiptAt: null });
      if (input.status === 'failed') Object.assign(row, { failedAt: now, error, nextReceiptAt: null });
      row.status = input.status;
      recordEvent(em, this.name, input.sessionKey, { type: 'message.status', data: { provider_message_id: row.providerMessageId, status: input.status, error } }, now);
      return row;
    });
    this.worker.wake();
    return message;
  }

  /**
   * Archives (or unarchives) the chat with `peer` on a connected line. The sandbox keeps the
   * state per session and peer, as the network's own chat list would.
   */
  async archiveChat(sessionKey: string, peer: string, archived: boolean): Promise<{ archived: boolean; archivedAt: Date | null }> {
    const phone = phoneNumber(peer, 'phone', 'invalid_recipient');
    return this.fork().transactional(async (em) => {
      const session = await this.load(em, sessionKey);
      if (session.status !== 'connected') {
        throw new ChannelError('session_not_connected', `session ${sessionKey} is not connected (status ${session.status})`, { status: session.status });
      }
      if (!archived) {
        await em.nativeDelete(SandboxArchivedChat, { engine: this.name, sessionKey, peerPhone: phone });
        return { archived: false, archivedAt: null };
      }
      const [row] = await em.execute<{ archived_at: Date }[]>(
        `insert into "sandbox_archived_chats" ("engine", "session_key", "peer_phone", "archived_at") values (?, ?, ?, ?)
         on conflict ("session_key", "peer_phone") do update set "archived_at" = "sandbox_archived_chats"."archived_at" returning "archived_at"`,
        [this.name, sessionKey, phone, new Date()],
      );
      return { archived: true, archivedAt: new Date(row!.archived_at) };
    });
  }

  /** Whether the chat with `peer` is archived on this line. */
  async isChatArchived(sessionKey: string, peer: string): Promise<boolean> {
    const em = this.fork();
    await this.load(em, sessionKey);
    return (await em.count(SandboxArchivedChat, { engine: this.name, sessionKey, peerPhone: phoneNumber(peer, 'phone') })) > 0;
  }

  /** Newest first. */
  async listMessages(sessionKey: string, page: { limit: number; offset: number; direction?: 'outbound' | 'inbound' }): Promise<{ items: SandboxMessage[]; count: number }> {
    const em = this.fork();
    await this.load(em, sessionKey);
    const [items, count] = await em.findAndCount(
      SandboxMessage,
      { engine: this.name, sessionKey, ...(page.direction && { direction: page.direction }) },
      { orderBy: { id: 'desc' }, limit: page.limit, offset: page.offset },
    );
    return { items, count };
  }

  private async tick(): Promise<void> {
    await this.receipts.advance();
    if (this.sink) await this.outbox.dispatch(this.sink);
  }

  private async load(em: EntityManager, sessionKey: string, lock = false): Promise<SandboxSession> {
    const session = await em.findOne(SandboxSession, { engine: this.name, sessionKey }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!session) throw new ChannelError('session_not_found', `session ${sessionKey} was not found`);
    return session;
  }

  private pairing(session: SandboxSession): EnginePairing {
    return {
      session: toSessionInfo(session),
      pairingUrl: session.status === 'awaiting_pairing' && session.pairingToken ? this.pairingUrl(session.pairingToken) : null,
    };
  }
}

function replay(earlier: SandboxMessage, hash: string): SendResult {
  if (earlier.contentHash !== hash) {
    throw new ChannelError('idempotency_conflict', 'this idempotency key was already used for a different message', {
      provider_message_id: earlier.providerMessageId,
    });
  }
  return { providerMessageId: earlier.providerMessageId, status: earlier.status as SendResult['status'], duplicate: true, sentAt: earlier.createdAt };
}
