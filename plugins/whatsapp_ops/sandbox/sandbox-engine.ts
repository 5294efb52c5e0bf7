import { LockMode } from '@mikro-orm/core';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type EntityManager } from '../../../core/index.js';
import type { MediaAttachment, SendAttempt, SendResult, SessionInfo } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import { phoneNumber } from '../channel/phone-number.js';
import { SandboxSession } from './entities/sandbox-session.entity.js';
import { SandboxMessage } from './entities/sandbox-message.entity.js';
import { SandboxArchivedChat } from './entities/sandbox-archived-chat.entity.js';
import { checkIdempotencyKey, contentHash, messageContent, type MessageContent } from './message-content.js';
import { newLinePhone, newPairingToken, newProviderMessageId, newSessionKey } from './sandbox-ids.js';
import { payloadOf, recordEvent, recordEvents, SandboxOutbox, type EventSink } from './sandbox-outbox.js';
import { SandboxReceipts } from './sandbox-receipts.js';
import { DEFAULT_SANDBOX_TIMINGS, type SandboxTimings } from './sandbox-timings.js';
import { SANDBOX_LABEL } from './sandbox-label.js';
import { messageToWire, toSessionInfo, type WireMessage } from './sandbox-views.js';
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
  /** Set while the session awaits pairing and the engine pairs through a link (the sandbox). */
  pairingUrl: string | null;
  /** What the QR encodes while the session awaits pairing: the link, or the network's own pairing payload. */
  qr: string | null;
  /** When the network replaces this QR with the next one; null when it does not rotate. */
  qrExpiresAt: Date | null;
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
 * Every change that the outside should hear about queues an event in the same transaction. Two
 * workers run side by side: one delivers events to the sink, the other advances receipts (which
 * queues events, and wakes the first).
 */
export class SandboxEngine {
  readonly name: string;
  readonly label = SANDBOX_LABEL;
  private readonly rootEm: EntityManager;
  private readonly timings: SandboxTimings;
  private readonly outbox: SandboxOutbox;
  private readonly receipts: SandboxReceipts;
  /** Delivers queued events; wake() it after queueing one. */
  private readonly worker: SandboxWorker;
  private readonly receiptsWorker: SandboxWorker;
  private sink: EventSink | null = null;

  constructor(private readonly options: SandboxEngineOptions) {
    this.name = options.name;
    this.rootEm = options.em;
    this.timings = { ...DEFAULT_SANDBOX_TIMINGS, ...options.timings };
    this.outbox = new SandboxOutbox(this.rootEm, this.name, this.timings);
    this.receipts = new SandboxReceipts(this.rootEm, this.name, this.timings);
    this.worker = new SandboxWorker(
      () => this.deliverEvents(),
      () => this.outbox.nextDueAt(),
      this.timings.pollIntervalMs,
      options.log,
    );
    this.receiptsWorker = new SandboxWorker(
      () => this.advanceReceipts(),
      () => this.receipts.nextDueAt(),
      this.timings.pollIntervalMs,
      options.log,
    );
  }

  /** Without a sink events stay queued (and are delivered once one is set). */
  setSink(sink: EventSink | null): void {
    this.sink = sink;
    this.worker.wake();
  }

  start(): void {
    this.worker.start();
    this.receiptsWorker.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.worker.stop(), this.receiptsWorker.stop()]);
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
  async pair(
    token: string,
    phone?: string,
  ): Promise<{ outcome: 'paired' | 'already_paired'; session: SessionInfo } | null> {
    const line = phone === undefined ? newLinePhone() : phoneNumber(phone, 'phone');
    const result = await this.fork().transactional(async (em) => {
      const session = await em.findOne(
        SandboxSession,
        { engine: this.name, pairingToken: token },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!session) return null;
      if (session.status === 'connected')
        return { outcome: 'already_paired' as const, session: toSessionInfo(session) };
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
    const session = await this.fork().findOne(SandboxSession, {
      engine: this.name,
      pairingToken: token,
      status: 'awaiting_pairing',
    });
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
    const [answer] = await this.sendMany([input]);
    if (answer instanceof ChannelError) throw answer;
    return answer!;
  }

  /**
   * Records a batch of outbound messages in one transaction (the caller's, when it has one): a key
   * used before on the session answers with its first message (also later in the same batch), a
   * session that is not connected refuses its inputs only, and every new message queues its `sent`
   * receipt with it.
   */
  async sendMany(inputs: OutboundMessage[]): Promise<SendAttempt[]> {
    const answers: SendAttempt[] = new Array(inputs.length);
    const pending: {
      index: number;
      sessionKey: string;
      to: string;
      content: MessageContent;
      key: string;
      hash: string;
    }[] = [];
    for (const [index, input] of inputs.entries()) {
      try {
        const to = phoneNumber(input.to, 'to', 'invalid_recipient');
        const content = messageContent(input.text, input.media);
        pending.push({
          index,
          sessionKey: input.sessionKey,
          to,
          content,
          key: checkIdempotencyKey(input.idempotencyKey),
          hash: contentHash(to, content),
        });
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err;
        answers[index] = err;
      }
    }
    if (pending.length === 0) return answers;
    let sent = 0;
    await this.fork().transactional(async (em) => {
      const pairs = JSON.stringify(pending.map((p) => ({ session_key: p.sessionKey, idempotency_key: p.key })));
      const earlierRows = async () =>
        sql<EarlierRow>(
          em,
          `select m.session_key, m.idempotency_key, m.provider_message_id, m.status, m.content_hash, m.created_at from sandbox_messages m
           join json_to_recordset($1::json) as k(session_key text, idempotency_key text) on m.session_key = k.session_key and m.idempotency_key = k.idempotency_key`,
          [pairs],
        );
      const earlier = new Map((await earlierRows()).map((row) => [`${row.session_key}\n${row.idempotency_key}`, row]));
      const sessions = new Map(
        (
          await sql<{ session_key: string; status: string; phone: string | null }>(
            em,
            'select session_key, status, phone from sandbox_sessions where engine = $1 and session_key = any($2::text[])',
            [this.name, [...new Set(pending.map((p) => p.sessionKey))]],
          )
        ).map((s) => [s.session_key, s]),
      );
      const now = new Date();
      const fresh: ((typeof pending)[number] & { providerMessageId: string; linePhone: string })[] = [];
      const firstOfKey = new Map<string, (typeof fresh)[number]>();
      for (const p of pending) {
        const id = `${p.sessionKey}\n${p.key}`;
        const before = earlier.get(id);
        const inBatch = firstOfKey.has(id);
        if (before) answers[p.index] = replayOf(before, p.hash);
        else if (!inBatch) {
          const session = sessions.get(p.sessionKey);
          if (!session)
            answers[p.index] = new ChannelError('session_not_found', `session ${p.sessionKey} was not found`);
          else if (session.status !== 'connected') {
            answers[p.index] = new ChannelError(
              'session_not_connected',
              `session ${p.sessionKey} is not connected (status ${session.status})`,
              { status: session.status },
            );
          } else {
            const row = { ...p, providerMessageId: newProviderMessageId(), linePhone: session.phone! };
            fresh.push(row);
            firstOfKey.set(id, row);
          }
        }
      }
      if (fresh.length === 0) return;
      const inserted = await sql<{ provider_message_id: string }>(
        em,
        `insert into sandbox_messages (engine, session_key, direction, provider_message_id, idempotency_key, content_hash, line_phone, peer_phone, text, media, status, next_receipt_at, created_at)
         select $1, v.session_key, 'outbound', v.provider_message_id, v.idempotency_key, v.content_hash, v.line_phone, v.peer_phone, v.text, v.media, 'sent', $2, $3
         from json_to_recordset($4::json) as v(session_key text, provider_message_id text, idempotency_key text, content_hash text, line_phone text, peer_phone text, text text, media jsonb)
         on conflict (session_key, idempotency_key) do nothing returning provider_message_id`,
        [
          this.name,
          new Date(now.getTime() + this.timings.deliveredAfterMs),
          now,
          JSON.stringify(
            fresh.map((f) => ({
              session_key: f.sessionKey,
              provider_message_id: f.providerMessageId,
              idempotency_key: f.key,
              content_hash: f.hash,
              line_phone: f.linePhone,
              peer_phone: f.to,
              text: f.content.text,
              media: f.content.media,
            })),
          ),
        ],
      );
      const taken = new Set(inserted.map((r) => r.provider_message_id));
      // Keys a concurrent send committed first: answered with that send's message.
      const lost = fresh.some((f) => !taken.has(f.providerMessageId))
        ? new Map((await earlierRows()).map((row) => [`${row.session_key}\n${row.idempotency_key}`, row]))
        : new Map<string, EarlierRow>();
      for (const p of pending) {
        if (answers[p.index]) continue;
        const id = `${p.sessionKey}\n${p.key}`;
        const row = firstOfKey.get(id)!;
        if (!taken.has(row.providerMessageId)) answers[p.index] = replayOf(lost.get(id)!, p.hash);
        else if (row.index === p.index)
          answers[p.index] = {
            providerMessageId: row.providerMessageId,
            status: 'sent',
            duplicate: false,
            sentAt: now,
          };
        else
          answers[p.index] = replayOf(
            { provider_message_id: row.providerMessageId, status: 'sent', content_hash: row.hash, created_at: now },
            p.hash,
          );
      }
      const receipts = fresh.filter((f) => taken.has(f.providerMessageId));
      await recordEvents(
        em,
        this.name,
        receipts.map((f) => ({
          sessionKey: f.sessionKey,
          body: {
            type: 'message.status',
            data: { provider_message_id: f.providerMessageId, status: 'sent', error: null },
          },
          at: now,
        })),
      );
      sent = receipts.length;
    });
    if (sent > 0) {
      this.worker.wake();
      // Its receipts are due later: the receipts worker learns when, instead of looking every interval.
      this.receiptsWorker.wake();
    }
    return answers;
  }

  /**
   * One statement (the message and its event, only while the session is connected): this is the
   * network's busiest path (every customer message), and a transaction around entities cost
   * several round trips and most of the CPU of an inbound message.
   */
  async injectInbound(input: InjectedInbound): Promise<WireMessage> {
    const from = phoneNumber(input.from, 'from');
    const content = messageContent(input.text, input.media);
    const now = new Date();
    const providerMessageId = newProviderMessageId();
    const media = content.media ?? null;
    const event = payloadOf({
      sessionKey: input.sessionKey,
      body: {
        type: 'message.received',
        data: { provider_message_id: providerMessageId, from, text: content.text, media, timestamp: now.toISOString() },
      },
      at: now,
    });
    const [found] = await sql<{ status: SandboxSession['status']; line_phone: string | null }>(
      this.rootEm,
      `with s as (select phone, status from sandbox_sessions where engine = $1 and session_key = $2),
       m as (insert into sandbox_messages (engine, session_key, direction, provider_message_id, line_phone, peer_phone, text, media, status, created_at)
             select $1, $2, 'inbound', $3, s.phone, $4, $5, $6::jsonb, 'received', $7 from s where s.status = 'connected'
             returning line_phone),
       e as (insert into sandbox_events (engine, event_id, session_key, type, payload, state, attempts, next_attempt_at, created_at)
             select $1, $8, $2, 'message.received', $9::jsonb, 'pending', 0, $7, $7 from m)
       select s.status, (select line_phone from m) as line_phone from s`,
      [
        this.name,
        input.sessionKey,
        providerMessageId,
        from,
        content.text ?? null,
        media && JSON.stringify(media),
        now,
        event.id,
        JSON.stringify(event),
      ],
    );
    if (!found) throw new ChannelError('session_not_found', `session ${input.sessionKey} was not found`);
    if (found.status !== 'connected' || !found.line_phone) {
      throw new ChannelError(
        'session_not_connected',
        `session ${input.sessionKey} is not connected (status ${found.status})`,
        { status: found.status },
      );
    }
    this.worker.wake();
    return {
      provider_message_id: providerMessageId,
      direction: 'inbound',
      from,
      to: found.line_phone,
      text: content.text ?? null,
      media,
      status: 'received',
      error: null,
      idempotency_key: null,
      created_at: now.toISOString(),
      delivered_at: null,
      read_at: null,
      failed_at: null,
      sandbox: true,
    };
  }

  /** Forces a receipt now (a failure, or a read that would otherwise wait). */
  async injectReceipt(input: InjectedReceipt): Promise<SandboxMessage> {
    const message = await this.fork().transactional(async (em) => {
      await this.load(em, input.sessionKey);
      const row = await em.findOne(
        SandboxMessage,
        {
          engine: this.name,
          sessionKey: input.sessionKey,
          providerMessageId: input.providerMessageId,
          direction: 'outbound',
        },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!row)
        throw new ChannelError(
          'invalid_receipt',
          `no outbound message ${input.providerMessageId} on session ${input.sessionKey}`,
          { field: 'provider_message_id' },
        );
      if (!RECEIPT_FROM[input.status].includes(row.status)) {
        throw new ChannelError('invalid_receipt', `a ${input.status} receipt cannot follow status ${row.status}`, {
          current_status: row.status,
          allowed: RECEIPT_FROM[input.status],
        });
      }
      const now = new Date();
      const error = input.status === 'failed' ? (input.error ?? 'delivery failed') : null;
      if (input.status === 'delivered')
        Object.assign(row, {
          deliveredAt: now,
          nextReceiptAt: this.timings.readAfterMs === null ? null : new Date(now.getTime() + this.timings.readAfterMs),
        });
      if (input.status === 'read')
        Object.assign(row, { deliveredAt: row.deliveredAt ?? now, readAt: now, nextReceiptAt: null });
      if (input.status === 'failed') Object.assign(row, { failedAt: now, error, nextReceiptAt: null });
      row.status = input.status;
      recordEvent(
        em,
        this.name,
        input.sessionKey,
        { type: 'message.status', data: { provider_message_id: row.providerMessageId, status: input.status, error } },
        now,
      );
      return row;
    });
    this.worker.wake();
    return message;
  }

  /**
   * Archives (or unarchives) the chat with `peer` on a connected line. The sandbox keeps the
   * state per session and peer, as the network's own chat list would.
   */
  async archiveChat(
    sessionKey: string,
    peer: string,
    archived: boolean,
  ): Promise<{ archived: boolean; archivedAt: Date | null }> {
    const phone = phoneNumber(peer, 'phone', 'invalid_recipient');
    return this.fork().transactional(async (em) => {
      const session = await this.load(em, sessionKey);
      if (session.status !== 'connected') {
        throw new ChannelError(
          'session_not_connected',
          `session ${sessionKey} is not connected (status ${session.status})`,
          { status: session.status },
        );
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

  /** Newest first. */
  async listMessages(
    sessionKey: string,
    page: { limit: number; offset: number; direction?: 'outbound' | 'inbound' },
  ): Promise<{ items: WireMessage[]; count: number }> {
    const em = this.fork();
    await this.load(em, sessionKey);
    const [items, count] = await em.findAndCount(
      SandboxMessage,
      { engine: this.name, sessionKey, ...(page.direction && { direction: page.direction }) },
      { orderBy: { id: 'desc' }, limit: page.limit, offset: page.offset },
    );
    return { items: items.map(messageToWire), count };
  }

  /** Ticks answer whether they did work: the worker then runs the next one at once. */
  private async deliverEvents(): Promise<boolean> {
    return this.sink !== null && (await this.outbox.dispatch(this.sink)) > 0;
  }

  private async advanceReceipts(): Promise<boolean> {
    const advanced = await this.receipts.advance();
    if (advanced > 0) this.worker.wake();
    return advanced > 0;
  }

  private async load(em: EntityManager, sessionKey: string, lock = false): Promise<SandboxSession> {
    const session = await em.findOne(
      SandboxSession,
      { engine: this.name, sessionKey },
      lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
    );
    if (!session) throw new ChannelError('session_not_found', `session ${sessionKey} was not found`);
    return session;
  }

  private pairing(session: SandboxSession): EnginePairing {
    const link =
      session.status === 'awaiting_pairing' && session.pairingToken ? this.pairingUrl(session.pairingToken) : null;
    return { session: toSessionInfo(session), pairingUrl: link, qr: link, qrExpiresAt: null };
  }
}

interface EarlierRow {
  session_key?: string;
  idempotency_key?: string;
  provider_message_id: string;
  status: string;
  content_hash: string | null;
  created_at: Date;
}

/** The first message of a reused key; the same key with other content is refused. */
function replayOf(earlier: EarlierRow, hash: string): SendAttempt {
  if (earlier.content_hash !== hash) {
    return new ChannelError('idempotency_conflict', 'this idempotency key was already used for a different message', {
      provider_message_id: earlier.provider_message_id,
    });
  }
  return {
    providerMessageId: earlier.provider_message_id,
    status: earlier.status as SendResult['status'],
    duplicate: true,
    sentAt: new Date(earlier.created_at),
  };
}
