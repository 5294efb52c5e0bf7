import type { EntityManager } from '../../../../core/index.js';
import type { SecretBox } from '../../../../core/app-kit.js';
import type { DeliveryStatus } from '../../channel/channel-port.js';
import { ChannelError } from '../../channel/channel-error.js';
import type { BaileysRecords, InboundRecord, ReceiptRecord } from './baileys-records.js';
import type { InboundBatcher } from './inbound-batcher.js';
import type { EngineSocket, SocketEvents, SocketFactory } from './engine-socket.js';
import { inboundText } from './inbound-content.js';
import { BufferJSON, proto, toNumber, type ILogger, type WAMessageKey } from './library.js';
import { peerPhoneOf, phoneOfJid } from './peer-jids.js';
import { loadAuthState, type StoredAuthState } from './pg-auth-state.js';
import { backoffDelayMs, closeAction, statusCodeOf, type CloseAction } from './reconnect-policy.js';
import { SendThrottle, type ThrottleSettings } from './send-throttle.js';

export interface LineSettings {
  browserName: string;
  reconnect: { baseMs: number; maxMs: number };
  throttle: ThrottleSettings;
}

/** What a line needs from its engine. */
export interface LineHost {
  rootEm: EntityManager;
  box: SecretBox;
  records: BaileysRecords;
  inbound: InboundBatcher;
  socketFactory: SocketFactory;
  logger: ILogger;
  settings: LineSettings;
  /** An event was queued: deliver it. */
  wake(): void;
  /** The line stopped for good; the engine forgets it. */
  ended(line: BaileysLine): void;
}

/** The first QR lives 60 s, each next one 20 s (the library's own timers). */
const QR_LIFETIME_MS = { first: 60_000, next: 20_000 };

/** The library's receipt statuses (proto.WebMessageInfo.Status) as the port's; PENDING (1) says nothing new. */
const RECEIPTS: Partial<Record<number, DeliveryStatus>> = {
  [proto.WebMessageInfo.Status.ERROR]: 'failed',
  [proto.WebMessageInfo.Status.SERVER_ACK]: 'sent',
  [proto.WebMessageInfo.Status.DELIVERY_ACK]: 'delivered',
  [proto.WebMessageInfo.Status.READ]: 'read',
  [proto.WebMessageInfo.Status.PLAYED]: 'read',
};
const RANK: Record<DeliveryStatus, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/**
 * One WhatsApp Web session: its socket, the QR it shows while pairing, and what happens when the
 * socket closes (closeAction). A closed socket is replaced by a new one over the same stored
 * credentials; each socket's events are ignored once it is not the current one.
 */
export class BaileysLine {
  readonly throttle: SendThrottle;
  private socket: EngineSocket | null = null;
  private auth: StoredAuthState | null = null;
  private qr: { value: string; expiresAt: Date } | null = null;
  private qrShown = false;
  private open = false;
  private attempts = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private readonly waiters = new Set<() => void>();
  private readonly log: ILogger;
  /** What this line writes about its messages, in the order it happened (a send's record before its receipts). */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly host: LineHost,
    readonly sessionKey: string,
  ) {
    this.throttle = new SendThrottle(host.settings.throttle);
    this.log = host.logger.child({ session_key: sessionKey });
  }

  /** The socket, while it is connected to WhatsApp and may send. */
  get openSocket(): EngineSocket | null {
    return this.open ? this.socket : null;
  }

  get registered(): boolean {
    return this.auth?.state.creds.registered ?? false;
  }

  get currentQr(): { value: string; expiresAt: Date } | null {
    return this.qr;
  }

  /** A new socket over the stored credentials. */
  async start(): Promise<void> {
    this.timer = null;
    this.auth ??= await loadAuthState(this.host.rootEm, this.host.box, this.sessionKey);
    if (this.stopped) return;
    const socket = this.host.socketFactory({
      sessionKey: this.sessionKey,
      auth: this.auth.state,
      getMessage: (key) => this.storedMessage(key),
      logger: this.log,
      browserName: this.host.settings.browserName,
    });
    this.socket = socket;
    this.qr = null;
    this.qrShown = false;
    this.open = false;
    const auth = this.auth;
    const on = <E extends keyof SocketEvents>(event: E, handle: (payload: SocketEvents[E]) => Promise<void>) =>
      socket.ev.on(event, (payload) =>
        handle(payload).catch((err: unknown) => this.log.error({ err }, `handling ${event} failed`)),
      );
    on('creds.update', () => auth.saveCreds());
    on('connection.update', (update) => this.onConnection(socket, update));
    on('messages.upsert', (upsert) => this.serially(() => this.onUpsert(socket, upsert)));
    on('messages.update', (updates) => this.serially(() => this.onUpdates(updates)));
  }

  /** Runs `task` after the line's earlier message writes. */
  serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.writes.then(task);
    this.writes = run.catch(() => undefined);
    return run;
  }

  /**
   * Resolves once a QR is showing, the line is open or closed, or after `timeoutMs`: what pairing
   * answers need before they can show a QR.
   */
  async settled(timeoutMs: number): Promise<void> {
    if (this.qr || this.open || this.stopped) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  /**
   * A code to type on the phone instead of scanning the QR. The socket must be up and waiting to
   * pair: the library asks for the code over the connection that would show the QR.
   */
  async requestPairingCode(digits: string): Promise<string> {
    if (!this.socket || !this.qrShown)
      throw new ChannelError(
        'channel_unavailable',
        'the connection to WhatsApp is not up yet: retry in a few seconds',
        {
          reason: 'connecting',
        },
      );
    return this.socket.requestPairingCode(digits);
  }

  /** Ends the socket without logging out (the service stops, or the session is deleted). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.socket?.end(undefined);
    this.socket = null;
    this.notify();
  }

  /** Unlinks the device from the phone's account when connected, then stops. */
  async logout(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const socket = this.socket;
    this.socket = null;
    if (socket && this.open) {
      try {
        await socket.logout();
      } catch (err) {
        this.log.warn({ err }, 'logout request failed; ending the socket');
        socket.end(undefined);
      }
    } else socket?.end(undefined);
    this.open = false;
    this.notify();
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) waiter();
  }

  private async onConnection(socket: EngineSocket, update: SocketEvents['connection.update']): Promise<void> {
    if (socket !== this.socket) return;
    if (update.qr) {
      const lifetime = this.qrShown ? QR_LIFETIME_MS.next : QR_LIFETIME_MS.first;
      this.qr = { value: update.qr, expiresAt: new Date(Date.now() + lifetime) };
      this.qrShown = true;
      this.notify();
    }
    if (update.connection === 'open') await this.opened(socket);
    if (update.connection === 'close') await this.closed(statusCodeOf(update.lastDisconnect?.error));
  }

  private async opened(socket: EngineSocket): Promise<void> {
    this.open = true;
    this.attempts = 0;
    this.qr = null;
    const now = new Date();
    await this.host.records.transition(this.sessionKey, (current) => {
      // A logout that took the row first while this socket was opening has the last word.
      if (socket !== this.socket) return { set: {} };
      const phone = phoneOfJid(socket.user?.id) ?? current.phone;
      const fresh = current.status !== 'connected';
      if (fresh && !phone) this.log.error({ user: socket.user?.id }, 'connected, but the account has no phone number');
      return {
        set: {
          status: 'connected',
          reason: null,
          ...(phone && { phone }),
          ...(fresh && { connectedAt: now, disconnectedAt: null }),
        },
        event: fresh && phone ? { type: 'session.connected', data: { phone } } : null,
      };
    });
    this.host.wake();
    this.notify();
  }

  private async closed(statusCode: number | undefined): Promise<void> {
    this.open = false;
    this.socket = null;
    this.notify();
    if (this.stopped) return;
    const action = closeAction(statusCode, { qrShown: this.qrShown, registered: this.registered });
    this.log.info({ status_code: statusCode, action: action.kind }, 'WhatsApp connection closed');
    await this.follow(action);
  }

  private async follow(action: CloseAction): Promise<void> {
    if (action.kind === 'reconnect_now') return this.start();
    if (action.kind === 'backoff') {
      this.attempts++;
      await this.host.records.transition(this.sessionKey, (current) => ({
        set: current.status === 'connected' ? { reason: 'reconnecting' } : {},
      }));
      if (this.stopped) return;
      const delay = backoffDelayMs(this.attempts, this.host.settings.reconnect);
      this.timer = setTimeout(
        () => void this.start().catch((err: unknown) => this.log.error({ err }, 'reconnecting failed')),
        delay,
      );
      return;
    }
    this.stopped = true;
    if (action.forgetCredentials) this.auth = null;
    const now = new Date();
    await this.host.records.transition(this.sessionKey, (current) => ({
      set: {
        status: 'logged_out',
        reason: action.reason,
        disconnectedAt: now,
        ...(action.forgetCredentials && { credsSealed: null, forgetKeys: true }),
      },
      event: current.status === 'connected' ? { type: 'session.disconnected', data: { reason: action.reason } } : null,
    }));
    this.host.wake();
    this.host.ended(this);
  }

  /** Inbound: `notify` upserts only (the rest is history or our own sends echoed), one-to-one chats. */
  private async onUpsert(socket: EngineSocket, { messages, type }: SocketEvents['messages.upsert']): Promise<void> {
    if (type !== 'notify') return;
    const linePhone = phoneOfJid(socket.user?.id);
    const records: InboundRecord[] = [];
    for (const message of messages) {
      const { key } = message;
      if (!key.id || key.fromMe) continue;
      const text = inboundText(message.message);
      if (text === null) continue;
      const from = await peerPhoneOf(key, socket);
      if (!from) {
        this.log.warn(
          { remote_jid: key.remoteJid },
          'inbound message from a chat with no resolvable phone number: skipped',
        );
        continue;
      }
      const seconds = message.messageTimestamp ? toNumber(message.messageTimestamp) : 0;
      records.push({
        sessionKey: this.sessionKey,
        linePhone,
        messageId: key.id,
        remoteJid: key.remoteJid!,
        from,
        text,
        timestamp: seconds > 0 ? new Date(seconds * 1000) : new Date(),
      });
    }
    await this.host.inbound.store(records);
  }

  /** Receipts of our own messages; several for one message in a batch count as the furthest. */
  private async onUpdates(updates: SocketEvents['messages.update']): Promise<void> {
    const furthest = new Map<string, ReceiptRecord>();
    for (const { key, update } of updates) {
      const status = typeof update.status === 'number' ? RECEIPTS[update.status] : undefined;
      if (!key.fromMe || !key.id || !status) continue;
      const before = furthest.get(key.id);
      if (before && RANK[before.status] >= RANK[status]) continue;
      furthest.set(key.id, {
        messageId: key.id,
        status,
        error: status === 'failed' ? 'WhatsApp reported the message as failed' : null,
      });
    }
    const moved = await this.host.records.applyReceipts(this.sessionKey, [...furthest.values()]);
    if (moved > 0) this.host.wake();
  }

  private async storedMessage(key: WAMessageKey): Promise<proto.IMessage | undefined> {
    const content = key.id ? await this.host.records.content(this.sessionKey, key.id) : null;
    return content ? (JSON.parse(content, BufferJSON.reviver) as proto.IMessage) : undefined;
  }
}
