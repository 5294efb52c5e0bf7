import type { FastifyBaseLogger } from 'fastify';
import type { EntityManager } from '../../../../core/index.js';
import type { SecretBox } from '../../../../core/app-kit.js';
import type { SendResult, SessionInfo } from '../../channel/channel-port.js';
import { ChannelError } from '../../channel/channel-error.js';
import { phoneNumber } from '../../channel/phone-number.js';
import type { EnginePairing, OutboundMessage } from '../../sandbox/sandbox-engine.js';
import { newSessionKey } from '../../sandbox/sandbox-ids.js';
import {
  checkIdempotencyKey,
  contentHash,
  messageContent,
  type MessageContent,
} from '../../sandbox/message-content.js';
import { SandboxOutbox, type EventSink } from '../../sandbox/sandbox-outbox.js';
import { DEFAULT_SANDBOX_TIMINGS } from '../../sandbox/sandbox-timings.js';
import { SandboxWorker } from '../../sandbox/sandbox-worker.js';
import type { SessionEngine } from '../session-engine.js';
import { BAILEYS_LABEL } from './baileys-label.js';
import { BaileysLine, type LineHost, type LineSettings } from './baileys-line.js';
import { BaileysRecords, type SessionRow } from './baileys-records.js';
import { InboundBatcher } from './inbound-batcher.js';
import { makeBaileysSocket, type SocketFactory } from './engine-socket.js';
import { BufferJSON, generateMessageIDV2, type AnyMessageContent } from './library.js';
import { jidOfPhone } from './peer-jids.js';
import { sealedNewCreds } from './pg-auth-state.js';

export interface BaileysSettings extends LineSettings {
  /** How long pairing answers wait for the first QR of a new connection. */
  qrWaitMs: number;
  /** Pause between bringing back the connected sessions at start, so hundreds do not log in at once. */
  resumeStaggerMs: number;
  /** How often the event outbox looks for work it was not woken for. */
  pollIntervalMs: number;
  maxDeliveryAttempts: number;
}

export interface BaileysEngineOptions {
  /** A root EntityManager of the service's database. */
  em: EntityManager;
  name: string;
  /** Seals the sessions' credentials and signal keys at rest. */
  secretBox: SecretBox;
  settings: BaileysSettings;
  log: FastifyBaseLogger;
  /** The library's socket unless a test scripts one. */
  socketFactory?: SocketFactory;
}

/**
 * WhatsApp Web multi-device sessions (the Baileys library) behind the session service's routes.
 * Credentials and signal keys live in PostgreSQL; messages are recorded before they are sent and
 * paced per session; inbound messages and receipts become the port's events through the same
 * outbox the sandbox uses.
 */
export class BaileysEngine implements SessionEngine {
  readonly name: string;
  readonly label = BAILEYS_LABEL;
  readonly records: BaileysRecords;
  private readonly outbox: SandboxOutbox;
  private readonly worker: SandboxWorker;
  private readonly lines = new Map<string, BaileysLine>();
  /** Sends per (session, idempotency key), one after the other: the second sees what the first did. */
  private readonly inFlight = new Map<string, Promise<SendResult>>();
  private readonly host: LineHost;
  private sink: EventSink | null = null;
  private resuming: NodeJS.Timeout | null = null;

  constructor(private readonly options: BaileysEngineOptions) {
    this.name = options.name;
    this.records = new BaileysRecords(options.em, this.name, this.label);
    const timings = {
      ...DEFAULT_SANDBOX_TIMINGS,
      pollIntervalMs: options.settings.pollIntervalMs,
      maxDeliveryAttempts: options.settings.maxDeliveryAttempts,
    };
    this.outbox = new SandboxOutbox(options.em, this.name, timings);
    this.worker = new SandboxWorker(
      async () => this.sink !== null && (await this.outbox.dispatch(this.sink)) > 0,
      () => this.outbox.nextDueAt(),
      timings.pollIntervalMs,
      options.log,
    );
    this.host = {
      rootEm: options.em,
      box: options.secretBox,
      records: this.records,
      inbound: new InboundBatcher(this.records, () => this.worker.wake()),
      socketFactory: options.socketFactory ?? makeBaileysSocket,
      logger: options.log.child({ engine: 'baileys' }),
      settings: options.settings,
      wake: () => this.worker.wake(),
      ended: (line) => {
        if (this.lines.get(line.sessionKey) === line) this.lines.delete(line.sessionKey);
      },
    };
  }

  setSink(sink: EventSink | null): void {
    this.sink = sink;
    this.worker.wake();
  }

  /** Delivers events, and brings the sessions that were connected back up, a few at a time. */
  start(): void {
    this.worker.start();
    void this.records.connectedSessionKeys().then(
      (keys) => {
        const next = (index: number) => {
          if (index >= keys.length) return void (this.resuming = null);
          this.lineFor(keys[index]!);
          this.resuming = setTimeout(() => next(index + 1), this.options.settings.resumeStaggerMs);
        };
        next(0);
      },
      (err: unknown) => this.options.log.error({ err }, 'could not list the sessions to resume'),
    );
  }

  async stop(): Promise<void> {
    if (this.resuming) clearTimeout(this.resuming);
    for (const line of this.lines.values()) line.stop();
    this.lines.clear();
    await this.worker.stop();
  }

  async createSession(em: EntityManager): Promise<EnginePairing> {
    const row = await this.records.insertSession(em, newSessionKey(), sealedNewCreds(this.options.secretBox));
    return this.pairing(row, null);
  }

  /** Brings the socket up; after a logout pairing starts over (the credentials were dropped with it). */
  async connect(sessionKey: string): Promise<EnginePairing> {
    let row = await this.records.session(sessionKey);
    if (row.status === 'logged_out')
      row = await this.records.transition(sessionKey, () => ({ set: { status: 'awaiting_pairing', reason: null } }));
    return this.settledPairing(row);
  }

  async pairingState(sessionKey: string): Promise<EnginePairing> {
    return this.settledPairing(await this.records.session(sessionKey));
  }

  async status(sessionKey: string): Promise<SessionInfo> {
    return this.records.toSessionInfo(await this.records.session(sessionKey));
  }

  async logout(sessionKey: string): Promise<SessionInfo> {
    await this.records.session(sessionKey);
    const line = this.lines.get(sessionKey);
    this.lines.delete(sessionKey);
    await line?.logout();
    const now = new Date();
    const row = await this.records.transition(sessionKey, (current) =>
      current.status === 'logged_out' && current.reason === 'logged_out'
        ? { set: {} }
        : {
            set: {
              status: 'logged_out',
              reason: 'logged_out',
              disconnectedAt: now,
              credsSealed: null,
              forgetKeys: true,
            },
            event:
              current.status === 'connected' ? { type: 'session.disconnected', data: { reason: 'logged_out' } } : null,
          },
    );
    this.worker.wake();
    return this.records.toSessionInfo(row);
  }

  async deleteSession(sessionKey: string, em: EntityManager): Promise<boolean> {
    this.lines.get(sessionKey)?.stop();
    this.lines.delete(sessionKey);
    return this.records.deleteSession(em, sessionKey);
  }

  async listMessages(
    sessionKey: string,
    page: { limit: number; offset: number; direction?: 'outbound' | 'inbound' },
  ): ReturnType<SessionEngine['listMessages']> {
    await this.records.session(sessionKey);
    return this.records.listMessages(sessionKey, page);
  }

  async requestPairingCode(sessionKey: string, phone: string): Promise<{ code: string; session: SessionInfo }> {
    const number = phoneNumber(phone, 'phone');
    const row = await this.records.session(sessionKey);
    if (row.status !== 'awaiting_pairing')
      throw new ChannelError(
        'not_awaiting_pairing',
        `session ${sessionKey} is not waiting to be paired (status ${row.status}); POST /sessions/:key/connect first`,
        { status: row.status },
      );
    const line = this.lineFor(sessionKey);
    await line.settled(this.options.settings.qrWaitMs);
    if (line.registered)
      throw new ChannelError('not_awaiting_pairing', `session ${sessionKey} is already paired`, { status: row.status });
    let code: string;
    try {
      code = await line.requestPairingCode(number.replace(/^\+/, ''));
    } catch (err) {
      if (err instanceof ChannelError) throw err;
      throw new ChannelError(
        'channel_unavailable',
        `WhatsApp refused the pairing code request: ${(err as Error).message}`,
        {
          reason: 'network',
        },
      );
    }
    return { code, session: this.records.toSessionInfo(row) };
  }

  async send(input: OutboundMessage): Promise<SendResult> {
    const to = phoneNumber(input.to, 'to', 'invalid_recipient');
    const content = messageContent(input.text, input.media);
    const key = checkIdempotencyKey(input.idempotencyKey);
    const outgoing = toLibraryContent(content);
    const flight = `${input.sessionKey}\n${key}`;
    const attempt = (this.inFlight.get(flight) ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.sendOnce(input.sessionKey, to, content, key, outgoing));
    this.inFlight.set(flight, attempt);
    try {
      return await attempt;
    } finally {
      if (this.inFlight.get(flight) === attempt) this.inFlight.delete(flight);
    }
  }

  /**
   * A key seen before answers with its message; otherwise the message is recorded `pending` under
   * a message id drawn now, and handed to the network in the session's next send slot. A send cut
   * off before the network confirmed it stays pending: the retry sends it again under the same id,
   * which the recipient's phone shows once.
   */
  private async sendOnce(
    sessionKey: string,
    to: string,
    content: MessageContent,
    key: string,
    outgoing: AnyMessageContent,
  ): Promise<SendResult> {
    const session = await this.records.session(sessionKey);
    const hash = contentHash(to, content);
    const earlier = await this.records.outboundByKey(sessionKey, key);
    if (earlier && earlier.content_hash !== hash)
      throw new ChannelError('idempotency_conflict', 'this idempotency key was already used for a different message', {
        provider_message_id: earlier.message_id,
      });
    if (earlier && earlier.status !== 'pending')
      return {
        providerMessageId: earlier.message_id,
        status: earlier.status,
        duplicate: true,
        sentAt: new Date(earlier.created_at),
      };
    if (session.status !== 'connected')
      throw new ChannelError(
        'session_not_connected',
        `session ${sessionKey} is not connected (status ${session.status})`,
        {
          status: session.status,
        },
      );
    const line = this.lineFor(sessionKey);
    const socket = line.openSocket;
    if (!socket)
      throw new ChannelError(
        'channel_unavailable',
        `session ${sessionKey} is reconnecting to WhatsApp: retry shortly`,
        {
          reason: 'reconnecting',
        },
      );
    const slot = line.throttle.reserve();
    if ('retryAfterSeconds' in slot)
      throw new ChannelError(
        'rate_limited',
        `session ${sessionKey} is sending at its pace limit: retry in ${slot.retryAfterSeconds} s`,
        { retry_after_seconds: slot.retryAfterSeconds },
      );
    const messageId = earlier?.message_id ?? generateMessageIDV2(socket.user?.id);
    if (!earlier)
      await this.records.insertPending({
        sessionKey,
        messageId,
        remoteJid: jidOfPhone(to),
        linePhone: session.phone,
        to,
        idempotencyKey: key,
        contentHash: hash,
        text: content.text,
        media: content.media,
      });
    if (slot.waitMs > 0) await new Promise((resolve) => setTimeout(resolve, slot.waitMs));
    let sent;
    try {
      sent = await socket.sendMessage(jidOfPhone(to), outgoing, { messageId });
    } catch (err) {
      throw new ChannelError(
        'channel_unavailable',
        `WhatsApp did not confirm the message (it will be sent again under the same id on retry): ${(err as Error).message}`,
        { reason: 'network', provider_message_id: messageId },
      );
    }
    await line.serially(() =>
      this.records.markSent(
        sessionKey,
        messageId,
        sent?.message ? JSON.stringify(sent.message, BufferJSON.replacer) : null,
      ),
    );
    this.worker.wake();
    return { providerMessageId: messageId, status: 'sent', duplicate: earlier !== null, sentAt: new Date() };
  }

  /** The session's live line, started if it has none. */
  private lineFor(sessionKey: string): BaileysLine {
    let line = this.lines.get(sessionKey);
    if (!line) {
      line = new BaileysLine(this.host, sessionKey);
      this.lines.set(sessionKey, line);
      const started = line;
      started.start().catch((err: unknown) => {
        this.options.log.error({ err, session_key: sessionKey }, 'could not start the WhatsApp connection');
        started.stop();
        if (this.lines.get(sessionKey) === started) this.lines.delete(sessionKey);
      });
    }
    return line;
  }

  /** A session awaiting pairing gets its socket up and, within qrWaitMs, its first QR. */
  private async settledPairing(row: SessionRow): Promise<EnginePairing> {
    if (row.status === 'logged_out') return this.pairing(row, null);
    const line = this.lineFor(row.session_key);
    if (row.status !== 'awaiting_pairing') return this.pairing(row, line);
    await line.settled(this.options.settings.qrWaitMs);
    return this.pairing(await this.records.session(row.session_key), line);
  }

  private pairing(row: SessionRow, line: BaileysLine | null): EnginePairing {
    const qr = row.status === 'awaiting_pairing' ? (line?.currentQr ?? null) : null;
    return {
      session: this.records.toSessionInfo(row),
      pairingUrl: null,
      qr: qr?.value ?? null,
      qrExpiresAt: qr?.expiresAt ?? null,
    };
  }
}

/**
 * The port's message as the library sends it: text, or media fetched by the library from its URL
 * with the text as its caption (audio carries none, so text with audio is refused up front).
 */
export function toLibraryContent({ text, media }: MessageContent): AnyMessageContent {
  if (!media) return { text: text! };
  const caption = [text, media.caption].filter((part): part is string => !!part).join('\n\n') || undefined;
  const source = { url: media.url };
  const mimetype = media.mime_type;
  if (mimetype.startsWith('image/')) return { image: source, caption, mimetype };
  if (mimetype.startsWith('video/')) return { video: source, caption, mimetype };
  if (mimetype.startsWith('audio/')) {
    if (caption)
      throw new ChannelError('invalid_message', 'audio messages carry no text on WhatsApp: send the text on its own', {
        field: 'text',
      });
    return { audio: source, mimetype };
  }
  return { document: source, mimetype, fileName: media.filename ?? 'file', caption };
}
