import type { ChannelError } from './channel-error.js';

/**
 * The one interface through which the rest of the system reaches the messaging network. Adapters:
 * `sandbox` (in-process engine, the embedded default) and `session-service` (HTTP client of the
 * direct session service), chosen for the installation; and the shops' own providers, one adapter
 * per provider (`cloud_api`, see channel/providers/provider-kinds.ts). Callers learn what they hold
 * through `kind`, `capabilities` and the label every status carries.
 */

/**
 * Which engine really answers behind an adapter: the sandbox simulation, or a real network (WhatsApp
 * Web through the session service's Baileys engine, or through a shop's own WAHA or Evolution API;
 * Meta's Cloud API).
 */
export type ChannelEngine = 'sandbox' | 'baileys' | 'cloud_api' | 'waha' | 'evolution';

/** Where adapters legitimately differ; the services and the port's contract suite read these. */
export interface ChannelCapabilities {
  /** Lines are paired by opening a link / scanning a QR (false: a number is registered by its id). */
  pairing: boolean;
  /** The engine keeps each line's connection state (false: the caller's record is the line's state). */
  lineState: boolean;
  /** Approved message templates can be sent (SendInput.template). */
  templates: boolean;
  /** Free-form messages reach a customer only within 24 h of the customer's last message. */
  customerServiceWindow: boolean;
}

/** awaiting_pairing: the QR / pairing link is waiting to be opened. logged_out: needs connect() again. */
export type SessionStatusValue = 'awaiting_pairing' | 'connected' | 'logged_out';

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** What a network's refusal means for the line itself: it stops until the shop acts (nothing retries it). */
export type LineOutcome = 'token_expired' | 'blocked';

/**
 * What identifies a session to an adapter. apiKey is required by the session-service adapter;
 * externalId is the network's own id for a registered number (the Cloud API's phone_number_id).
 */
export interface SessionRef {
  sessionKey: string;
  apiKey?: string;
  externalId?: string;
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
  /**
   * Why the session is in its status, where the engine knows (a real network: `logged_out`,
   * `banned`, `connection_replaced`, `pairing_expired`, or `reconnecting` while a connected line
   * is briefly down). Null or absent: nothing to add.
   */
  reason?: string | null;
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
  /** The number to register, for adapters without pairing (the Cloud API's phone_number_id). */
  externalId?: string;
}

export interface CreatedSession extends SessionRef {
  pairing: PairingInfo;
  /** The line's own number when it is known at once (a registered number): the line is then connected. */
  phone?: string;
}

export interface MediaAttachment {
  url: string;
  mimeType: string;
  caption?: string;
  filename?: string;
}

/** One parameter of a template component, in the Cloud API's shape. */
export type TemplateParameter =
  | { type: 'text'; text: string; parameter_name?: string }
  | { type: 'image'; image: MediaParameter }
  | { type: 'video'; video: MediaParameter }
  | { type: 'document'; document: MediaParameter & { filename?: string } }
  | { type: 'payload'; payload: string }
  | { type: 'coupon_code'; coupon_code: string };

/** Header media of a template: a public link, or the id of media uploaded to the number. */
export interface MediaParameter {
  link?: string;
  id?: string;
}

export interface TemplateComponentInput {
  type: 'header' | 'body' | 'button';
  sub_type?: 'url' | 'quick_reply' | 'copy_code';
  /** A button's position, as a string (the Cloud API's form). */
  index?: string;
  parameters: TemplateParameter[];
}

/** A template as the network lists it (GET /{waba_id}/message_templates). */
export interface NetworkTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  parameter_format?: string;
  components?: NetworkTemplateComponent[];
  rejected_reason?: string;
}

export interface NetworkTemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; text?: string; url?: string }[];
  example?: Record<string, unknown>;
}

/** An approved template with its parameters (adapters with capabilities.templates). */
export interface TemplateMessage {
  name: string;
  language: string;
  components: TemplateComponentInput[];
}

export interface SendInput extends SessionRef {
  /** E.164 recipient. */
  to: string;
  text?: string;
  media?: MediaAttachment;
  /** Instead of text and media; `text` may then carry the rendered body, for the record only. */
  template?: TemplateMessage;
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

/**
 * Inbound media: by URL (the sandbox), or by the network's media id (the Cloud API), then kept
 * in the shop's storage (fileId) or, when it could not be, with the reason (notKept).
 */
export interface InboundMedia {
  url: string | null;
  mimeType: string;
  caption?: string;
  filename?: string;
  providerMediaId?: string;
  fileId?: number;
  notKept?: string;
}

export interface InboundMessage {
  providerMessageId: string;
  from: string;
  text: string | null;
  media: InboundMedia | null;
  timestamp: Date;
}

export interface Receipt {
  providerMessageId: string;
  status: DeliveryStatus;
  error: string | null;
  /**
   * The idempotency key the message was sent with, where the network echoes it (the Cloud API's
   * biz_opaque_callback_data): it settles a send whose answer never came.
   */
  idempotencyKey?: string;
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
 * The shop a batch's lines belong to and their session ids, when whoever delivers it established
 * them already (a provider's webhook: its key names the shop, its lines are the provider's).
 */
export interface EventOwner {
  shopId: number;
  /** Every session key of the batch → its session's id. */
  sessionIds: ReadonlyMap<string, number>;
}

/**
 * Takes events in batches, in delivery order (a sandbox tick's worth, or the events of a
 * webhook request). A throwing handler makes the whole batch be delivered again later. With its
 * owner the handler skips finding the shop and the sessions by key.
 */
export type ChannelEventHandler = (events: ChannelEvent[], owner?: EventOwner) => Promise<void>;

export interface ChannelPort {
  /** `sandbox`, `session-service`, or a provider kind (`cloud_api`). */
  readonly kind: string;
  readonly capabilities: ChannelCapabilities;
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
  /** Uploads bytes to the line's number: the network's media id, to send by (adapters that take media by id). */
  uploadMedia?(session: SessionRef, bytes: Buffer, mimeType: string, filename: string): Promise<string>;
  /** The account's message templates, for adapters with capabilities.templates. */
  listTemplates?(): Promise<NetworkTemplate[]>;
  /**
   * Archives (true) or unarchives (false) the chat with `peer` on the line, where the engine has
   * a chat list to keep it in. Absent: the adapter cannot report archiving to its engine.
   */
  archiveChat?(session: SessionRef, peer: string, archived: boolean): Promise<void>;
  /**
   * Whether the engine behind the port simulates the network, for an answer about no line. Absent:
   * the port's kind says it (only the sandbox simulates); the session service asks its engine.
   */
  engineIsSandbox?(): Promise<boolean>;
  /** The single consumer of inbound events; null detaches it (events then wait and are retried). */
  setEventHandler(handler: ChannelEventHandler | null): void;
}
