import type { ChannelError } from './channel-error.js';

/**
 * The one interface through which the rest of the system reaches the messaging network. Adapters:
 * `sandbox` (in-process engine, the embedded default) and `session-service` (HTTP client of the
 * direct session service). Callers never learn which one they hold, except through `kind` and the
 * sandbox label every status carries.
 */

/** Which engine really answers behind an adapter. Only the sandbox exists so far. */
export type ChannelEngine = 'sandbox';

/** awaiting_pairing: the QR / pairing link is waiting to be opened. logged_out: needs connect() again. */
export type SessionStatusValue = 'awaiting_pairing' | 'connected' | 'logged_out';

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** What identifies a session to an adapter. apiKey is required by the session-service adapter. */
export interface SessionRef {
  sessionKey: string;
  apiKey?: string;
}

/** Present on every status and pairing answer, so nothing can mistake a sandbox for the network. */
export interface EngineLabel {
  engine: ChannelEngine;
  sandbox: boolean;
  notice: string;
}

export interface SessionInfo extends EngineLabel {
  sessionKey: string;
  status: SessionStatusValue;
  /** The line's own number (E.164), known once paired. */
  phone: string | null;
  connectedAt: Date | null;
  disconnectedAt: Date | null;
}

export interface PairingInfo extends EngineLabel {
  sessionKey: string;
  status: SessionStatusValue;
  /** The real pairing payload: opening it pairs the session. Null once connected. */
  pairingUrl: string | null;
  /** A PNG of the QR that encodes pairingUrl. */
  qrImageUrl: string | null;
  /** The same QR as a data: URL (image/png), for clients that cannot fetch the image. */
  qrDataUrl: string | null;
}

export interface NewSession {
  shopId: number;
  label?: string;
}

export interface CreatedSession extends SessionRef {
  pairing: PairingInfo;
}

export interface MediaAttachment {
  url: string;
  mimeType: string;
  caption?: string;
  filename?: string;
}

export interface SendInput extends SessionRef {
  /** E.164 recipient. */
  to: string;
  text?: string;
  media?: MediaAttachment;
  /** The same key never produces a second message on this session, across retries and restarts. */
  idempotencyKey: string;
}

export interface SendResult {
  providerMessageId: string;
  status: DeliveryStatus;
  /** True when the key had been used before and the original message is returned. */
  duplicate: boolean;
  sentAt: Date;
}

/** One input's answer in sendMany(): its result, or the refusal that send() would have thrown. */
export type SendAttempt = SendResult | ChannelError;

interface EventBase {
  /** Unique per event: delivery is at-least-once, consumers drop ids they have already handled. */
  id: string;
  sessionKey: string;
  occurredAt: Date;
}

export interface InboundMessage {
  providerMessageId: string;
  from: string;
  text: string | null;
  media: MediaAttachment | null;
  timestamp: Date;
}

export interface Receipt {
  providerMessageId: string;
  status: DeliveryStatus;
  error: string | null;
}

/**
 * Inbound events. Receipts of one message may arrive out of order after a redelivery: a consumer
 * never moves a message's status backwards (sent < delivered < read; failed is final).
 */
export type ChannelEvent =
  | (EventBase & { type: 'message.received'; message: InboundMessage })
  | (EventBase & { type: 'message.status'; receipt: Receipt })
  | (EventBase & { type: 'session.connected'; phone: string })
  | (EventBase & { type: 'session.disconnected'; reason: string });

/**
 * Takes events in batches, in delivery order (a sandbox tick's worth, or the one event of a
 * webhook request). A throwing handler makes the whole batch be delivered again later.
 */
export type ChannelEventHandler = (events: ChannelEvent[]) => Promise<void>;

export interface ChannelPort {
  readonly kind: 'sandbox' | 'session-service';
  createSession(input: NewSession): Promise<CreatedSession>;
  /** Starts (or restarts, after logout) pairing; on a connected session it only reports that. */
  connect(session: SessionRef): Promise<PairingInfo>;
  status(session: SessionRef): Promise<SessionInfo>;
  send(input: SendInput): Promise<SendResult>;
  /**
   * send() for each input in one round (a campaign sends hundreds per transaction): the answers in
   * input order; a refused input does not refuse the others. Any other failure (unexpected) throws.
   */
  sendMany(inputs: SendInput[]): Promise<SendAttempt[]>;
  logout(session: SessionRef): Promise<SessionInfo>;
  deleteSession(session: SessionRef): Promise<void>;
  /**
   * Archives (true) or unarchives (false) the chat with `peer` on the line, where the engine has
   * a chat list to keep it in. Absent: the adapter cannot report archiving to its engine.
   */
  archiveChat?(session: SessionRef, peer: string, archived: boolean): Promise<void>;
  /** The single consumer of inbound events; null detaches it (events then wait and are retried). */
  setEventHandler(handler: ChannelEventHandler | null): void;
}
