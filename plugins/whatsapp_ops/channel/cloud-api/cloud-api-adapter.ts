import { randomBytes } from 'node:crypto';
import { normalizePhone, ToolError } from '../../../../core/index.js';
import type {
  ChannelCapabilities,
  ChannelEvent,
  ChannelEventHandler,
  ChannelPort,
  EventOwner,
  CreatedSession,
  EngineLabel,
  LineOutcome,
  NewSession,
  PairingInfo,
  SendAttempt,
  SendInput,
  SendResult,
  SessionInfo,
  SessionRef,
} from '../channel-port.js';
import { ChannelError } from '../channel-error.js';
import { messageContent, checkIdempotencyKey } from '../../sandbox/message-content.js';
import type { OpenedSend, SendLedger } from '../send-ledger.js';
import { GraphError, type GraphClient, type PhoneNumber } from './graph-client.js';
import { channelErrorFromGraph, lineOutcomeOf } from './graph-errors.js';
import type { LineStop } from '../providers/provider-kind.js';
import { mediaType, messageBody } from './cloud-message-body.js';
import type { NumberPacer } from './number-pacer.js';

/** Requests in flight for one sendMany() (a ledger wave): the round trip hidden; each leaves at its number's slot. */
const SEND_CONCURRENCY = 32;

export const CLOUD_API_LABEL: Readonly<EngineLabel> = Object.freeze({
  engine: 'cloud_api',
  sandbox: false,
  notice: "WhatsApp Cloud API (Meta's official Business Platform): messages reach real customers.",
});

export interface CloudApiAdapterOptions {
  shopId: number;
  providerId: number;
  wabaId: string;
  client: GraphClient;
  ledger: SendLedger;
  /** Each number's send slots, shared with the other processes. */
  pacer: NumberPacer;
  /**
   * A message the network refused for throughput (130429) or the pair rate (131056) is tried again
   * after backoffMs, then twice that … `retries` times, with its key (a refusal took nothing, so it
   * is never sent twice); after these it waits in `sending` for the retry job, never dropped.
   */
  throttle: { retries: number; backoffMs: number };
  /** Told once per stop; the line's record and the owner's notification are the caller's. */
  onLineStop: (stop: LineStop) => void;
}

/**
 * The port over one shop's Cloud API account (its WABA and system-user token). A line is a
 * registered number (phone_number_id): there is no pairing, and the connection state is our
 * record's (logout only stops using the number). Sends go through the send ledger, since the
 * network has no idempotency key. An expired token or a blocked number stops the provider (or the
 * number) here at once: later sends answer the same error without calling the network, so nothing
 * retries in a loop, until the shop configures the provider again (a new adapter).
 */
export class CloudApiAdapter implements ChannelPort {
  readonly kind = 'cloud_api' as const;
  readonly capabilities: ChannelCapabilities = {
    pairing: false,
    lineState: false,
    templates: true,
    customerServiceWindow: true,
  };
  private handler: ChannelEventHandler | null = null;
  /** Set by an expired token: the whole provider stops. */
  private halted: ChannelError | null = null;
  /** Numbers the network blocked. */
  private readonly blocked = new Map<string, ChannelError>();

  constructor(private readonly options: CloudApiAdapterOptions) {}

  get client(): GraphClient {
    return this.options.client;
  }

  async createSession(input: NewSession): Promise<CreatedSession> {
    if (!input.externalId)
      throw new ChannelError('invalid_request', 'a Cloud API line is a registered number: give its phone_number_id', {
        field: 'phone_number_id',
      });
    const number = await this.number(input.externalId);
    const sessionKey = `cla_${randomBytes(18).toString('base64url')}`;
    return { sessionKey, externalId: input.externalId, phone: phoneOf(number), pairing: connectedPairing(sessionKey) };
  }

  /** Re-reads the number: a line comes back once the network answers for it again. */
  async connect(session: SessionRef): Promise<PairingInfo> {
    await this.number(externalIdOf(session));
    return connectedPairing(session.sessionKey);
  }

  async status(session: SessionRef): Promise<SessionInfo> {
    const number = await this.number(externalIdOf(session));
    return {
      ...CLOUD_API_LABEL,
      sessionKey: session.sessionKey,
      status: 'connected',
      phone: phoneOf(number),
      connectedAt: null,
      disconnectedAt: null,
    };
  }

  async send(input: SendInput): Promise<SendResult> {
    const [attempt] = await this.sendMany([input]);
    if (attempt instanceof ChannelError) throw attempt;
    return attempt!;
  }

  /**
   * Each input checked here first (a stopped line, the key, the recipient, the content: refused
   * without a request), then each number's slots reserved (one statement for the batch), then the
   * batch through the send ledger in slot order, each request leaving at its slot and no sooner
   * than the pair rate allows.
   */
  async sendMany(inputs: SendInput[]): Promise<SendAttempt[]> {
    const answers: SendAttempt[] = new Array(inputs.length);
    const ready: { index: number; input: SendInput; at: number }[] = [];
    for (const [index, given] of inputs.entries()) {
      try {
        ready.push({ index, input: this.checked(given), at: 0 });
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err;
        answers[index] = err;
      }
    }
    const byNumber = new Map<string, typeof ready>();
    for (const r of ready) {
      const group = byNumber.get(r.input.externalId!) ?? [];
      if (group.length === 0) byNumber.set(r.input.externalId!, group);
      group.push(r);
    }
    if (byNumber.size > 0) {
      const slots = await this.options.pacer.reserve(new Map([...byNumber].map(([id, group]) => [id, group.length])));
      for (const [externalId, group] of byNumber)
        for (const [i, r] of group.entries())
          r.at = this.options.pacer.pairTurn(externalId, r.input.to, slots.get(externalId)![i]!);
    }
    ready.sort((a, b) => a.at - b.at);
    const departures = new Map(ready.map((r) => [r.input, r.at]));
    const sent = await this.options.ledger.sendMany(
      this.options.shopId,
      ready.map((r) => r.input),
      (input) => this.open(input),
      SEND_CONCURRENCY,
      {
        at: (input) => departures.get(input)!,
        retryAt: (input, refusal, tries) => this.retryAt(input, refusal, tries),
      },
    );
    for (const [i, { index }] of ready.entries()) answers[index] = sent[i]!;
    return answers;
  }

  /** One try of one message, opened at its time (the ledger waits for it) and sent once its key is claimed. */
  private async open(input: SendInput): Promise<OpenedSend> {
    const externalId = input.externalId!;
    // A stop met by a request of an earlier wave holds for the rest of the batch: no request after it.
    this.refuseIfStopped(externalId);
    const opened = await this.graph(() => this.client.openMessage(externalId, messageBody(input)), externalId);
    return {
      complete: () => opened.complete(),
      answer: async () => {
        const message = await this.graph(() => opened.answer(), externalId);
        return { providerMessageId: message.id, sentAt: new Date() };
      },
      abandon: () => opened.abandon(),
    };
  }

  /**
   * A message the network refused for throughput goes again after the backoff, then twice that …:
   * at the number's next slot past it (every process's slots move), or the pair's next turn.
   */
  private async retryAt(input: SendInput, refusal: ChannelError, tries: number): Promise<number | null> {
    const scope = refusal.code === 'rate_limited' ? refusal.details.scope : undefined;
    const { retries, backoffMs } = this.options.throttle;
    if ((scope !== 'number' && scope !== 'recipient') || tries >= retries) return null;
    const externalId = input.externalId!;
    const until = Date.now() + backoffMs * 2 ** tries;
    if (scope === 'recipient') {
      this.options.pacer.pairHoldBack(externalId, input.to, until);
      return this.options.pacer.pairTurn(externalId, input.to, until);
    }
    const slots = await this.options.pacer.reserve(new Map([[externalId, 1]]), until).catch(retryNotPaced);
    return slots.get(externalId)![0]!;
  }

  /** Nothing to tell the network: a registered number is not logged out, the line just stops using it. */
  async logout(session: SessionRef): Promise<SessionInfo> {
    return {
      ...CLOUD_API_LABEL,
      sessionKey: session.sessionKey,
      status: 'logged_out',
      phone: null,
      connectedAt: null,
      disconnectedAt: new Date(),
    };
  }

  /** The number stays registered at Meta; its sent keys are kept, so a key never sends twice. */
  async deleteSession(_session: SessionRef): Promise<void> {}

  setEventHandler(handler: ChannelEventHandler | null): void {
    this.handler = handler;
  }

  /**
   * Called by the webhook route with a verified request's events (and their owner, when its
   * provider lookup knows it); a throw answers 500 and Meta retries.
   */
  async deliver(events: ChannelEvent[], owner?: EventOwner): Promise<void> {
    if (!this.handler) throw new Error('no channel event handler is attached');
    if (events.length > 0) await this.handler(events, owner);
  }

  /** The account's numbers: configuring a provider checks its token and WABA with it. */
  phoneNumbers(): Promise<PhoneNumber[]> {
    return this.graph(() => this.client.phoneNumbers(this.options.wabaId), null);
  }

  listTemplates() {
    return this.graph(() => this.client.templates(this.options.wabaId), null);
  }

  /** An inbound media's bytes, within the few minutes its URL lives. */
  async fetchMedia(mediaId: string, maxBytes: number) {
    return this.graph(async () => {
      const info = await this.client.media(mediaId);
      const { bytes, mimeType } = await this.client.download(info.url, maxBytes);
      return { bytes, mimeType: info.mime_type ?? mimeType ?? 'application/octet-stream' };
    }, null);
  }

  /** Uploads bytes to a number, for sends by media id. */
  uploadMedia(session: SessionRef, bytes: Buffer, mimeType: string, filename: string): Promise<string> {
    const externalId = externalIdOf(session);
    return this.graph(() => this.client.uploadMedia(externalId, bytes, mimeType, filename), externalId);
  }

  private checked(given: SendInput): SendInput {
    this.refuseIfStopped(externalIdOf(given));
    checkIdempotencyKey(given.idempotencyKey);
    const input = { ...given, to: recipient(given.to) };
    if (!input.template) checkCloudContent(input);
    return input;
  }

  private number(externalId: string): Promise<PhoneNumber> {
    this.refuseIfStopped(externalId);
    return this.graph(() => this.client.phoneNumber(externalId), externalId);
  }

  private refuseIfStopped(externalId: string) {
    const stop = this.halted ?? this.blocked.get(externalId);
    if (stop) throw stop;
  }

  /** A Graph call with its failure as a ChannelError; a failure that stops the line stops it here too. */
  private async graph<T>(call: () => Promise<T>, externalId: string | null): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      const failure = channelErrorFromGraph(err);
      const outcome = lineOutcomeOf(failure);
      if (outcome) this.stop(failure, outcome, outcome === 'blocked' ? externalId : null);
      throw failure;
    }
  }

  private stop(failure: ChannelError, outcome: LineOutcome, externalId: string | null) {
    const already = externalId === null ? this.halted : this.blocked.get(externalId);
    if (already) return;
    if (externalId === null) this.halted = failure;
    else this.blocked.set(externalId, failure);
    this.options.onLineStop({
      shopId: this.options.shopId,
      providerId: this.options.providerId,
      externalId,
      outcome,
      reason: failure.message,
    });
  }
}

/** Content the Cloud API carries as given: the sandbox's rules, and text beside media only as its caption. */
function checkCloudContent(input: SendInput) {
  messageContent(input.text, input.media);
  if (!input.media || input.text === undefined || input.text.trim() === '') return;
  const type = mediaType(input.media.mimeType);
  if (type === 'audio' || type === 'sticker' || input.media.caption !== undefined)
    throw new ChannelError(
      'invalid_message',
      `the Cloud API sends text with ${type === 'audio' || type === 'sticker' ? 'this media type' : 'media'} only as its caption: send the text as a message of its own`,
      { field: 'text' },
    );
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

function externalIdOf(session: SessionRef): string {
  if (!session.externalId)
    throw new ChannelError('session_not_found', `line ${session.sessionKey} has no Cloud API number id`);
  return session.externalId;
}

function phoneOf(number: PhoneNumber): string {
  try {
    return normalizePhone(`+${number.display_phone_number.replace(/\D/g, '')}`);
  } catch (err) {
    if (err instanceof ToolError)
      throw new ChannelError(
        'channel_protocol_error',
        `the network gave a number that is not one: ${number.display_phone_number}`,
      );
    throw err;
  }
}

const connectedPairing = (sessionKey: string): PairingInfo => ({
  ...CLOUD_API_LABEL,
  sessionKey,
  status: 'connected',
  pairingUrl: null,
  qrImageUrl: null,
  qrDataUrl: null,
});

/** The network refused the last try, so nothing left: a retry that cannot be paced is a send that was not made. */
const retryNotPaced = (err: Error): never => {
  throw new ChannelError(
    'channel_unavailable',
    `the retry after a throughput refusal could not be paced: ${err.message}`,
    {
      reason: 'server_error',
      outcome: 'not_sent',
    },
  );
};
