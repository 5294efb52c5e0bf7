import {
  Browsers,
  makeCacheableSignalKeyStore,
  makeWASocket,
  type AnyMessageContent,
  type AuthenticationState,
  type BaileysEventMap,
  type ILogger,
  type MiscMessageGenerationOptions,
  type WAMessage,
  type WAMessageKey,
  type proto,
} from './library.js';

/** The library's events the engine listens to, with the library's own payload types. */
export type SocketEvents = Pick<
  BaileysEventMap,
  'connection.update' | 'creds.update' | 'messages.upsert' | 'messages.update'
>;

/**
 * The part of a WhatsApp Web socket the engine uses. The library's socket satisfies it; tests
 * drive the engine with a scripted one that emits the library's event shapes and errors.
 */
export interface EngineSocket {
  ev: { on<E extends keyof SocketEvents>(event: E, listener: (payload: SocketEvents[E]) => void): void };
  /** The paired account (`<digits>:<device>@s.whatsapp.net`, and its LID), once known. */
  readonly user?: { id: string; lid?: string } | undefined;
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>;
  /** Only while the account is not registered: the code to type on the phone. */
  requestPairingCode(phoneNumber: string): Promise<string>;
  /** Unlinks this device from the account; the socket then ends with 401. */
  logout(msg?: string): Promise<void>;
  end(error: Error | undefined): unknown;
  /** LID → phone number, for the pairs the library has learnt from traffic (the network resolves only PN → LID). */
  signalRepository: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } };
}

export interface SocketOptions {
  /** The session this socket serves (the scripted network of the tests keys its sockets by it). */
  sessionKey: string;
  auth: AuthenticationState;
  /** The message store: the library asks it to re-encrypt a message a recipient could not decrypt. */
  getMessage: (key: WAMessageKey) => Promise<proto.IMessage | undefined>;
  logger: ILogger;
  /** What the phone lists under Linked devices. */
  browserName: string;
}

export type SocketFactory = (options: SocketOptions) => EngineSocket;

/**
 * The library's socket. The signal keys sit behind its in-memory cache (writes still go to
 * PostgreSQL at once); no presence is announced (the phone keeps its notifications) and no history
 * is synced (the service relays new traffic only).
 */
export const makeBaileysSocket: SocketFactory = ({ auth, getMessage, logger, browserName }) =>
  makeWASocket({
    auth: { creds: auth.creds, keys: makeCacheableSignalKeyStore(auth.keys, logger) },
    getMessage,
    logger,
    browser: Browsers.ubuntu(browserName),
    markOnlineOnConnect: false,
    syncFullHistory: false,
    generateHighQualityLinkPreview: false,
  });
