import { createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { normalizePhone, ToolError } from '../../../../core/index.js';
import type {
  ChannelCapabilities,
  ChannelEvent,
  ChannelEventHandler,
  ChannelPort,
  CreatedSession,
  EngineLabel,
  NewSession,
  PairingInfo,
  SendAttempt,
  SendInput,
  SendResult,
  SessionInfo,
  SessionRef,
} from '../channel-port.js';
import { ChannelError } from '../channel-error.js';
import { checkIdempotencyKey, messageContent } from '../../sandbox/message-content.js';
import type { SendLedger } from '../send-ledger.js';
import type { WahaClient, WahaSend, WahaSession, WahaWebhookConfig } from './waha-client.js';
import { WAHA_WEBHOOK_EVENTS, WAHA_WEBHOOK_PREFIX } from './waha-webhook-route.js';
import { phoneOf } from './waha-jid.js';

/** Requests in flight for one sendMany(): WAHA sends one message at a time per session anyway. */
const SEND_CONCURRENCY = 4;

export const WAHA_LABEL: Readonly<EngineLabel> = Object.freeze({
  engine: 'waha',
  sandbox: false,
  notice:
    "WAHA (the shop's own WhatsApp HTTP API server, a linked WhatsApp Web device): messages reach real customers.",
});

export interface WahaAdapterOptions {
  shopId: number;
  /** Names the provider in its webhook and QR URLs. */
  providerKey: string;
  client: WahaClient;
  ledger: SendLedger;
  /** Signs WAHA's webhooks (HMAC-SHA512), and the access codes of the QR links. */
  webhookSecret: string;
  /** This server's public base URL, which WAHA calls back. */
  publicBaseUrl: () => string;
  /** How long creating or connecting a session waits for WAHA's first QR. */
  qrWaitMs?: number;
  pollMs?: number;
}

/**
 * The port over a shop's own WAHA server (devlikeapro/waha): a line is a WAHA session, paired by
 * scanning its QR (or with a pairing code) like a linked computer. Each session is created with
 * this provider's webhook (signed with the webhook secret). WAHA has no idempotency key: sends go
 * through the send ledger, so a key never leaves twice.
 */
export class WahaAdapter implements ChannelPort {
  readonly kind = 'waha' as const;
  readonly capabilities: ChannelCapabilities = {
    pairing: true,
    lineState: true,
    templates: false,
    customerServiceWindow: false,
  };
  private handler: ChannelEventHandler | null = null;
  /** When WAHA reported each line WORKING (its webhook): WAHA's own session record has no times. */
  private readonly connectedAt = new Map<string, Date>();
  private readonly qrWaitMs: number;
  private readonly pollMs: number;

  constructor(private readonly options: WahaAdapterOptions) {
    this.qrWaitMs = options.qrWaitMs ?? 15_000;
    this.pollMs = options.pollMs ?? 250;
  }

  get client(): WahaClient {
    return this.options.client;
  }

  /**
   * A new WAHA session, named by us, started with our webhook; answers once its first QR is there.
   * WAHA Core runs one session only, named "default": there the line takes that one.
   */
  async createSession(_input: NewSession): Promise<CreatedSession> {
    const sessionKey = `wah_${randomBytes(18).toString('base64url')}`;
    let name = `sb-${randomBytes(9).toString('hex')}`;
    try {
      await this.client.create(name, this.webhook());
    } catch (err) {
      if (!(err instanceof ChannelError) || err.details.waha_core_only_default !== true) throw err;
      name = 'default';
      await this.createOrTakeOver(name);
    }
    return { sessionKey, externalId: name, pairing: await this.pairing(sessionKey, name) };
  }

  /** Starts the session again (it was stopped at logout), or makes it anew if WAHA lost it. */
  async connect(session: SessionRef): Promise<PairingInfo> {
    const name = nameOf(session);
    try {
      await this.client.start(name);
    } catch (err) {
      if (!(err instanceof ChannelError) || err.code !== 'session_not_found') throw err;
      await this.createOrTakeOver(name);
    }
    return this.pairing(session.sessionKey, name);
  }

  async status(session: SessionRef): Promise<SessionInfo> {
    return this.info(session.sessionKey, await this.client.session(nameOf(session)));
  }

  async send(input: SendInput): Promise<SendResult> {
    const [attempt] = await this.sendMany([input]);
    if (attempt instanceof ChannelError) throw attempt;
    return attempt!;
  }

  /** Each input checked first (refused without a request), then the batch through the send ledger. */
  async sendMany(inputs: SendInput[]): Promise<SendAttempt[]> {
    return this.options.ledger.sendPrepared(
      this.options.shopId,
      inputs,
      (given) => {
        nameOf(given);
        checkIdempotencyKey(given.idempotencyKey);
        const input = { ...given, to: recipient(given.to) };
        return { input, message: wahaMessage(input) };
      },
      async (input, message) => {
        const opened = await this.client.openSend(nameOf(input), message).catch((err: unknown) => {
          throw notRunning(err);
        });
        return {
          complete: () => opened.complete(),
          answer: async () => {
            try {
              return { providerMessageId: await opened.answer(), sentAt: new Date() };
            } catch (err) {
              throw notRunning(err);
            }
          },
          abandon: () => opened.abandon(),
        };
      },
      SEND_CONCURRENCY,
    );
  }

  /**
   * Unlinks the device: the session is stopped first, so WAHA logs it out without starting it again
   * (a logout of a running session restarts it, showing QRs to nobody).
   */
  async logout(session: SessionRef): Promise<SessionInfo> {
    const name = nameOf(session);
    await this.client.stop(name);
    await this.client.logout(name);
    this.connectedAt.delete(session.sessionKey);
    return {
      ...WAHA_LABEL,
      ...idle(session.sessionKey),
      status: 'logged_out',
      reason: 'logged_out',
      disconnectedAt: new Date(),
    };
  }

  /** Deletes the WAHA session (stopped and logged out by WAHA); one WAHA no longer knows is already gone. */
  async deleteSession(session: SessionRef): Promise<void> {
    try {
      await this.client.remove(nameOf(session));
    } catch (err) {
      if (!(err instanceof ChannelError) || err.code !== 'session_not_found') throw err;
    }
    this.connectedAt.delete(session.sessionKey);
  }

  /** Pairing without a camera: the code to type on the phone that owns `phone` (E.164). */
  async requestPairingCode(session: SessionRef, phone: string): Promise<{ code: string }> {
    return { code: await this.client.requestCode(nameOf(session), recipient(phone).slice(1)) };
  }

  /** The live QR's payload, for clients that draw it themselves. */
  qrRaw(session: SessionRef): Promise<string> {
    return this.client.qrRaw(nameOf(session));
  }

  /** The code a QR link carries, so only whoever was handed the link sees the QR (whoever scans it owns the line). */
  qrAccess(name: string): string {
    return createHmac('sha256', this.options.webhookSecret).update(`qr\n${name}`).digest('base64url').slice(0, 32);
  }

  qrImage(name: string): Promise<Buffer> {
    return this.client.qrImage(name);
  }

  setEventHandler(handler: ChannelEventHandler | null): void {
    this.handler = handler;
  }

  /** Called by the webhook route with a verified request's events; a throw answers 500 and WAHA retries. */
  async deliver(events: ChannelEvent[]): Promise<void> {
    if (!this.handler) throw new Error('no channel event handler is attached');
    if (events.length === 0) return;
    await this.handler(events);
    for (const e of events) {
      if (e.type === 'session.connected') this.connectedAt.set(e.sessionKey, e.occurredAt);
      if (e.type === 'session.disconnected') this.connectedAt.delete(e.sessionKey);
    }
  }

  private webhook(): WahaWebhookConfig {
    return {
      url: `${this.options.publicBaseUrl()}${WAHA_WEBHOOK_PREFIX}/${this.options.providerKey}`,
      events: [...WAHA_WEBHOOK_EVENTS],
      hmac: { key: this.options.webhookSecret },
      retries: { policy: 'exponential', delaySeconds: 2, attempts: 10 },
    };
  }

  /** Creates the session, or, when it exists already, gives it our webhook and starts it. */
  private async createOrTakeOver(name: string) {
    try {
      await this.client.create(name, this.webhook());
    } catch (err) {
      if (!(err instanceof ChannelError) || err.details.exists !== true) throw err;
      await this.client.update(name, this.webhook());
      await this.client.start(name);
    }
  }

  /** Waits for the session to show its QR (or to be WORKING: paired already), then answers it. */
  private async pairing(sessionKey: string, name: string): Promise<PairingInfo> {
    const deadline = Date.now() + this.qrWaitMs;
    let session = await this.client.session(name);
    while (session.status === 'STARTING' && Date.now() < deadline) {
      await sleep(this.pollMs);
      session = await this.client.session(name);
    }
    const info = this.info(sessionKey, session);
    const base = { ...WAHA_LABEL, sessionKey, pairingUrl: null };
    if (info.status === 'connected') return { ...base, status: 'connected', qrImageUrl: null, qrDataUrl: null };
    const qrImageUrl = `${this.options.publicBaseUrl()}${WAHA_WEBHOOK_PREFIX}/${this.options.providerKey}/qr/${encodeURIComponent(name)}?access=${this.qrAccess(name)}`;
    if (session.status !== 'SCAN_QR_CODE') return { ...base, status: 'awaiting_pairing', qrImageUrl, qrDataUrl: null };
    const png = await this.client.qrImage(name);
    return {
      ...base,
      status: 'awaiting_pairing',
      qrImageUrl,
      qrDataUrl: `data:image/png;base64,${png.toString('base64')}`,
    };
  }

  private info(sessionKey: string, session: WahaSession): SessionInfo {
    const phone = phoneOf(session.me?.id);
    const connected = session.status === 'WORKING' || (session.status === 'STARTING' && phone !== null);
    if (connected)
      return {
        ...WAHA_LABEL,
        sessionKey,
        status: 'connected',
        phone,
        connectedAt: this.connectedAt.get(sessionKey) ?? null,
        disconnectedAt: null,
        reason: session.status === 'STARTING' ? 'starting' : null,
      };
    if (session.status === 'SCAN_QR_CODE' || session.status === 'STARTING')
      return { ...WAHA_LABEL, ...idle(sessionKey), status: 'awaiting_pairing' };
    return {
      ...WAHA_LABEL,
      ...idle(sessionKey),
      status: 'logged_out',
      reason: session.status === 'FAILED' ? 'failed' : 'stopped',
    };
  }
}

const idle = (sessionKey: string) => ({
  sessionKey,
  phone: null,
  connectedAt: null,
  disconnectedAt: null,
  reason: null as string | null,
});

/** WAHA answers a send to a stopped session "start it first" (404): the line is not connected, it exists. */
function notRunning(err: unknown): unknown {
  if (
    err instanceof ChannelError &&
    err.code === 'session_not_found' &&
    /start it first/i.test(String(err.details.waha_message))
  )
    return new ChannelError('session_not_connected', 'the WAHA session is stopped: connect the line again', {
      ...err.details,
      current_status: 'STOPPED',
    });
  return err;
}

/** Text, or media by URL with the text as its caption (WAHA's sendImage, sendVideo, sendFile). */
function wahaMessage(input: SendInput): WahaSend {
  const content = messageContent(input.text, input.media);
  const chatId = `${input.to.slice(1)}@c.us`;
  if (!content.media) return { kind: 'text', chatId, text: content.text! };
  if (content.text !== null && content.media.caption !== undefined)
    throw new ChannelError('invalid_message', 'WAHA sends text with media only as its caption: give one of them', {
      field: 'text',
    });
  const mime = content.media.mime_type;
  const kind = mime.startsWith('image/') ? 'image' : mime.startsWith('video/') ? 'video' : 'file';
  const caption = content.media.caption ?? content.text ?? undefined;
  return {
    kind,
    chatId,
    file: {
      url: content.media.url,
      mimetype: mime,
      ...(content.media.filename !== undefined && { filename: content.media.filename }),
    },
    ...(caption !== undefined && { caption }),
  };
}

function recipient(to: string): string {
  try {
    return normalizePhone(to);
  } catch (err) {
    if (err instanceof ToolError)
      throw new ChannelError('invalid_recipient', `${to} is not a phone number with its country code`);
    throw err;
  }
}

function nameOf(session: SessionRef): string {
  if (!session.externalId)
    throw new ChannelError('session_not_found', `line ${session.sessionKey} has no WAHA session name`);
  return session.externalId;
}
