import { createHmac, randomBytes } from 'node:crypto';
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
import { qrDataUrl as qrPngDataUrl, qrPng } from '../../sandbox/pairing-qr.js';
import type { SendLedger } from '../send-ledger.js';
import { phoneOf } from '../waha/waha-jid.js';
import type {
  EvolutionClient,
  EvolutionInstance,
  EvolutionQr,
  EvolutionSend,
  EvolutionWebhook,
} from './evolution-client.js';
import { EVOLUTION_WEBHOOK_EVENTS, EVOLUTION_WEBHOOK_PREFIX } from './evolution-webhook-route.js';

/** Requests in flight for one sendMany(). */
const SEND_CONCURRENCY = 4;

export const EVOLUTION_LABEL: Readonly<EngineLabel> = Object.freeze({
  engine: 'evolution',
  sandbox: false,
  notice: "Evolution API (the shop's own server, a linked WhatsApp Web device): messages reach real customers.",
});

export interface EvolutionAdapterOptions {
  shopId: number;
  /** Names the provider in its webhook and QR URLs. */
  providerKey: string;
  client: EvolutionClient;
  ledger: SendLedger;
  /** Signs the access codes of the QR links (the provider's API key). */
  qrSecret: string;
  /** This server's public base URL, which Evolution API calls back. */
  publicBaseUrl: () => string;
}

/**
 * The port over a shop's own Evolution API server: a line is an instance (Baileys), paired by
 * scanning its QR or with a pairing code. Each instance is created with a key of its own (its
 * `token`, kept sealed as the line's API key) and this provider's webhook; Evolution carries that
 * key in every webhook body, and the webhook route checks it. Evolution has no idempotency key:
 * sends go through the send ledger.
 */
export class EvolutionAdapter implements ChannelPort {
  readonly kind = 'evolution' as const;
  readonly capabilities: ChannelCapabilities = {
    pairing: true,
    lineState: true,
    templates: false,
    customerServiceWindow: false,
  };
  private handler: ChannelEventHandler | null = null;
  /** When Evolution reported each line open (its webhook): its instance record has no such time. */
  private readonly connectedAt = new Map<string, Date>();

  constructor(private readonly options: EvolutionAdapterOptions) {}

  get client(): EvolutionClient {
    return this.options.client;
  }

  async createSession(_input: NewSession): Promise<CreatedSession> {
    const sessionKey = `evo_${randomBytes(18).toString('base64url')}`;
    const name = `sb-${randomBytes(9).toString('hex')}`;
    const token = randomBytes(24).toString('hex');
    const qr = await this.client.create(name, token, this.webhook());
    return { sessionKey, externalId: name, apiKey: token, pairing: await this.pairing(sessionKey, name, qr) };
  }

  /** Connects the instance again (closed after a logout), or makes it anew, with its key, if Evolution lost it. */
  async connect(session: SessionRef): Promise<PairingInfo> {
    const name = nameOf(session);
    let qr: EvolutionQr | null;
    try {
      qr = await this.client.connect(name);
    } catch (err) {
      if (!(err instanceof ChannelError) || err.code !== 'session_not_found' || !session.apiKey) throw err;
      qr = await this.client.create(name, session.apiKey, this.webhook());
    }
    return this.pairing(session.sessionKey, name, qr);
  }

  async status(session: SessionRef): Promise<SessionInfo> {
    return this.info(session.sessionKey, await this.client.instance(nameOf(session)));
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
        return { input, message: evolutionMessage(input) };
      },
      async (input, message) => {
        const opened = await this.client.openSend(nameOf(input), message);
        return {
          complete: () => opened.complete(),
          answer: async () => ({ providerMessageId: await opened.answer(), sentAt: new Date() }),
          abandon: () => opened.abandon(),
        };
      },
      SEND_CONCURRENCY,
    );
  }

  /** Unlinks the device; an instance that is not connected is already logged out. */
  async logout(session: SessionRef): Promise<SessionInfo> {
    try {
      await this.client.logout(nameOf(session));
    } catch (err) {
      if (!(err instanceof ChannelError) || err.code !== 'session_not_connected') throw err;
    }
    this.connectedAt.delete(session.sessionKey);
    return {
      ...EVOLUTION_LABEL,
      sessionKey: session.sessionKey,
      status: 'logged_out',
      phone: null,
      connectedAt: null,
      disconnectedAt: new Date(),
      reason: 'logged_out',
    };
  }

  /** Deletes the instance (logged out by Evolution first); one Evolution no longer knows is already gone. */
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
    const qr = await this.client.connect(nameOf(session), recipient(phone).slice(1));
    if (!qr?.pairingCode)
      throw new ChannelError(
        'not_awaiting_pairing',
        'the Evolution API instance is connected: there is nothing to pair',
      );
    return { code: qr.pairingCode };
  }

  /** The code a QR link carries, so only whoever was handed the link sees the QR (whoever scans it owns the line). */
  qrAccess(name: string): string {
    return createHmac('sha256', this.options.qrSecret).update(`qr\n${name}`).digest('base64url').slice(0, 32);
  }

  /** The live QR as a PNG, drawn from the payload Evolution gives. */
  async qrImage(name: string): Promise<Buffer> {
    const qr = await this.client.connect(name);
    if (!qr) throw new ChannelError('not_awaiting_pairing', 'the Evolution API instance is connected: there is no QR');
    if (!qr.code)
      throw new ChannelError('channel_unavailable', 'Evolution API has no QR yet', { reason: 'connecting' });
    return qrPng(qr.code);
  }

  setEventHandler(handler: ChannelEventHandler | null): void {
    this.handler = handler;
  }

  /** Called by the webhook route with a checked request's events; a throw answers 500 and Evolution retries. */
  async deliver(events: ChannelEvent[]): Promise<void> {
    if (!this.handler) throw new Error('no channel event handler is attached');
    if (events.length === 0) return;
    await this.handler(events);
    for (const e of events) {
      if (e.type === 'session.connected') this.connectedAt.set(e.sessionKey, e.occurredAt);
      if (e.type === 'session.disconnected') this.connectedAt.delete(e.sessionKey);
    }
  }

  private webhook(): EvolutionWebhook {
    return {
      enabled: true,
      url: `${this.options.publicBaseUrl()}${EVOLUTION_WEBHOOK_PREFIX}/${this.options.providerKey}`,
      byEvents: false,
      base64: false,
      events: [...EVOLUTION_WEBHOOK_EVENTS],
    };
  }

  private async pairing(sessionKey: string, name: string, qr: EvolutionQr | null): Promise<PairingInfo> {
    const base = { ...EVOLUTION_LABEL, sessionKey, pairingUrl: null };
    if (!qr) return { ...base, status: 'connected', qrImageUrl: null, qrDataUrl: null };
    const qrImageUrl = `${this.options.publicBaseUrl()}${EVOLUTION_WEBHOOK_PREFIX}/${this.options.providerKey}/qr/${encodeURIComponent(name)}?access=${this.qrAccess(name)}`;
    const qrDataUrl = qr.base64?.startsWith('data:image/png;base64,')
      ? qr.base64
      : qr.code
        ? await qrPngDataUrl(qr.code)
        : null;
    return { ...base, status: 'awaiting_pairing', qrImageUrl, qrDataUrl };
  }

  private info(sessionKey: string, instance: EvolutionInstance): SessionInfo {
    const base = { ...EVOLUTION_LABEL, sessionKey, disconnectedAt: null };
    if (instance.connectionStatus === 'open')
      return {
        ...base,
        status: 'connected',
        phone: phoneOf(instance.ownerJid),
        connectedAt: this.connectedAt.get(sessionKey) ?? null,
        reason: null,
      };
    if (instance.connectionStatus === 'connecting')
      return { ...base, status: 'awaiting_pairing', phone: null, connectedAt: null, reason: null };
    return { ...base, status: 'logged_out', phone: null, connectedAt: null, reason: 'closed' };
  }
}

/** Text, or media by URL with the text as its caption (sendMedia). */
function evolutionMessage(input: SendInput): EvolutionSend {
  const content = messageContent(input.text, input.media);
  const number = input.to.slice(1);
  if (!content.media) return { kind: 'text', number, text: content.text! };
  if (content.text !== null && content.media.caption !== undefined)
    throw new ChannelError(
      'invalid_message',
      'Evolution API sends text with media only as its caption: give one of them',
      {
        field: 'text',
      },
    );
  const mime = content.media.mime_type;
  const mediatype = mime.startsWith('image/')
    ? 'image'
    : mime.startsWith('video/')
      ? 'video'
      : mime.startsWith('audio/')
        ? 'audio'
        : 'document';
  const caption = content.media.caption ?? content.text ?? undefined;
  if (mediatype === 'audio' && caption !== undefined)
    throw new ChannelError('invalid_message', 'an audio message carries no caption: send the text on its own', {
      field: 'text',
    });
  return {
    kind: 'media',
    number,
    mediatype,
    mimetype: mime,
    media: content.media.url,
    ...(caption !== undefined && { caption }),
    ...(content.media.filename !== undefined && { fileName: content.media.filename }),
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
    throw new ChannelError('session_not_found', `line ${session.sessionKey} has no Evolution API instance name`);
  return session.externalId;
}
