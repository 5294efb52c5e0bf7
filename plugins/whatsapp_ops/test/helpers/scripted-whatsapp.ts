import { EventEmitter } from 'node:events';
import type {
  EngineSocket,
  SocketEvents,
  SocketFactory,
  SocketOptions,
} from '../../session-service/baileys/engine-socket.js';
import {
  Boom,
  DisconnectReason,
  type proto,
  type AnyMessageContent,
  type MiscMessageGenerationOptions,
  type WAMessage,
} from '../../session-service/baileys/library.js';

export interface SentMessage {
  jid: string;
  content: AnyMessageContent;
  messageId: string;
}

/**
 * A WhatsApp Web socket driven by the test: it emits the library's own event shapes
 * (`connection.update` with `qr`, `connection: 'open' | 'close'` and a Boom `lastDisconnect.error`
 * carrying `output.statusCode`; `messages.upsert` of type notify; `messages.update` with
 * proto.WebMessageInfo.Status) and records what the engine asks of it.
 */
export class ScriptedSocket implements EngineSocket {
  readonly ev: EngineSocket['ev'];
  readonly sent: SentMessage[] = [];
  ended = false;
  private readonly emitter = new EventEmitter();
  private qrRefs = 0;

  constructor(
    readonly options: SocketOptions,
    private readonly network: ScriptedWhatsApp,
  ) {
    this.ev = { on: (event, listener) => void this.emitter.on(event, listener as (payload: unknown) => void) };
  }

  get user() {
    const me = this.options.auth.creds.me;
    return me ? { id: me.id, ...(me.lid && { lid: me.lid }) } : undefined;
  }

  readonly signalRepository = {
    lidMapping: { getPNForLID: async (lid: string) => this.network.lidToPn.get(lid) ?? null },
  };

  emit<E extends keyof SocketEvents>(event: E, payload: SocketEvents[E]): void {
    if (!this.ended) this.emitter.emit(event, payload);
  }

  /** The next QR of this connection, as the library builds it (ref, noise key, identity key, adv secret). */
  showQr(): string {
    const qr = `2@scripted-ref-${++this.qrRefs}-${Math.random().toString(36).slice(2)},noise,identity,adv`;
    this.emit('connection.update', { qr });
    return qr;
  }

  /** What a scanned QR (or a typed code) does: the account's identity arrives, then 515 restart required. */
  scanned(digits: string): void {
    const me = { id: `${digits}:7@s.whatsapp.net`, lid: `${digits.slice(-6)}99@lid`, name: 'Scripted' };
    Object.assign(this.options.auth.creds, { me, registered: true, platform: 'android' });
    this.emit('creds.update', { me, registered: true, platform: 'android' });
    this.emit('connection.update', { isNewLogin: true, qr: undefined });
    this.close(DisconnectReason.restartRequired, 'Stream Errored (restart required)');
  }

  open(): void {
    this.emit('connection.update', { connection: 'open' });
  }

  /** The socket ends as the library ends it: close with a Boom carrying the status code. */
  close(statusCode: number, message: string): void {
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: new Boom(message, { statusCode }), date: new Date() },
    });
    this.ended = true;
  }

  receive(message: { id: string; remoteJid: string; remoteJidAlt?: string; text: string; fromMe?: boolean }): void {
    const waMessage: WAMessage = {
      key: {
        remoteJid: message.remoteJid,
        ...(message.remoteJidAlt && { remoteJidAlt: message.remoteJidAlt }),
        fromMe: message.fromMe ?? false,
        id: message.id,
      },
      message: { conversation: message.text },
      messageTimestamp: Math.floor(Date.now() / 1000),
    };
    this.emit('messages.upsert', { messages: [waMessage], type: 'notify' });
  }

  receipt(messageId: string, jid: string, status: proto.WebMessageInfo.Status): void {
    this.emit('messages.update', [{ key: { remoteJid: jid, fromMe: true, id: messageId }, update: { status } }]);
  }

  async sendMessage(jid: string, content: AnyMessageContent, options?: MiscMessageGenerationOptions) {
    if (this.ended) throw new Boom('Connection Closed', { statusCode: DisconnectReason.connectionClosed });
    const messageId = options?.messageId ?? `3EB0${Math.random().toString(16).slice(2, 18).toUpperCase()}`;
    this.sent.push({ jid, content, messageId });
    const message: proto.IMessage =
      'text' in content ? { extendedTextMessage: { text: content.text } } : { documentMessage: { mimetype: 'x' } };
    if (this.network.autoReceipts)
      setTimeout(() => {
        for (const status of [2, 3, 4] as const) this.receipt(messageId, jid, status);
      }, 5);
    return { key: { remoteJid: jid, fromMe: true, id: messageId }, message, messageTimestamp: Date.now() / 1000 };
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    if (this.options.auth.creds.registered) throw new Error('already registered');
    const code = 'SCRP' + phoneNumber.slice(-4);
    this.network.pairingCodes.push({ sessionKey: this.options.sessionKey, phoneNumber, code });
    return code;
  }

  async logout(): Promise<void> {
    this.close(DisconnectReason.loggedOut, 'Intentional Logout');
  }

  end(error: Error | undefined): void {
    if (this.ended) return;
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
    this.ended = true;
  }
}

/**
 * The network side for a test: makes the sockets the engine asks for and remembers them per
 * session. By default a new socket behaves as the real one does on a good connection: unregistered
 * credentials get a QR, registered ones open.
 */
export class ScriptedWhatsApp {
  readonly sockets: ScriptedSocket[] = [];
  readonly lidToPn = new Map<string, string>();
  readonly pairingCodes: { sessionKey: string; phoneNumber: string; code: string }[] = [];
  autoReceipts = false;
  /** False: new sockets stay silent until the test drives them. */
  autoConnect = true;

  readonly factory: SocketFactory = (options) => {
    const socket = new ScriptedSocket(options, this);
    this.sockets.push(socket);
    if (this.autoConnect) setImmediate(() => (options.auth.creds.registered ? socket.open() : socket.showQr()));
    return socket;
  };

  /** The session's current socket. */
  socketOf(sessionKey: string): ScriptedSocket {
    const socket = this.sockets.filter((s) => s.options.sessionKey === sessionKey && !s.ended).at(-1);
    if (!socket) throw new Error(`no live scripted socket for ${sessionKey}`);
    return socket;
  }

  socketsOf(sessionKey: string): ScriptedSocket[] {
    return this.sockets.filter((s) => s.options.sessionKey === sessionKey);
  }
}
