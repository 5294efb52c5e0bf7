import type {
  ChannelCapabilities,
  ChannelEvent,
  ChannelEventHandler,
  ChannelPort,
  CreatedSession,
  NewSession,
  PairingInfo,
  SendAttempt,
  SendInput,
  SendResult,
  SessionInfo,
  SessionRef,
} from './channel-port.js';
import { ChannelError, isChannelErrorCode } from './channel-error.js';
import { signRequest } from './webhook-signature.js';
import { mediaToWire, pairingFromWire, sessionFromWire, type WirePairing, type WireSession } from './wire-format.js';

export interface SessionServiceAdapterOptions {
  /** The service's address ({vps_url}). */
  baseUrl: string;
  /** Shared with the service: signs session creations on behalf of a shop. */
  sharedSecret: string;
  /** Per HTTP request. */
  timeoutMs?: number;
  /** Attempts for a send that met a network failure, timeout or 5xx; safe because of the idempotency key. */
  sendAttempts?: number;
  /** Pause before a retried send, multiplied by the attempt number. */
  retryDelayMs?: number;
}

/** Requests in flight for one sendMany(): enough to hide the round trip, few enough not to trip the service's per-key limit. */
const SEND_CONCURRENCY = 8;
/** How long the service's engine label is taken as read. */
const ENGINE_LABEL_TTL_MS = 60_000;
/** An answer about no line waits this long at most for the service's /health. */
const HEALTH_TIMEOUT_MS = 2_000;

interface RequestOptions {
  apiKey?: string;
  body?: unknown;
  signed?: boolean;
}

/**
 * The port as an HTTP client of the direct session service. Inbound events do not come through
 * here: they arrive at the main server's webhook route, which passes them to deliver().
 */
export class SessionServiceAdapter implements ChannelPort {
  readonly kind = 'session-service' as const;
  /** The service speaks no templates. */
  readonly capabilities: ChannelCapabilities = {
    pairing: true,
    lineState: true,
    templates: false,
    customerServiceWindow: false,
  };
  private handler: ChannelEventHandler | null = null;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly sendAttempts: number;
  private readonly retryDelayMs: number;
  /** The service's engine as its /health last said. */
  private engine: { sandbox: boolean; at: number } | null = null;

  constructor(private readonly options: SessionServiceAdapterOptions) {
    this.baseUrl = options.baseUrl.replace(/\/$/, '');
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.sendAttempts = options.sendAttempts ?? 3;
    this.retryDelayMs = options.retryDelayMs ?? 500;
  }

  async createSession(input: NewSession): Promise<CreatedSession> {
    const body = { shop_id: input.shopId, ...(input.label !== undefined && { label: input.label }) };
    const res = await this.request<{ session_key: string; api_key: string; pairing: WirePairing }>(
      'POST',
      '/sessions',
      { body, signed: true },
    );
    return { sessionKey: res.session_key, apiKey: res.api_key, pairing: pairingFromWire(res.pairing) };
  }

  async connect(session: SessionRef): Promise<PairingInfo> {
    return pairingFromWire(
      await this.request<WirePairing>('POST', `${this.path(session)}/connect`, { apiKey: apiKeyOf(session) }),
    );
  }

  async status(session: SessionRef): Promise<SessionInfo> {
    return sessionFromWire(
      (await this.request<{ session: WireSession }>('GET', this.path(session), { apiKey: apiKeyOf(session) })).session,
    );
  }

  async send(input: SendInput): Promise<SendResult> {
    const body = {
      to: input.to,
      ...(input.text !== undefined && { text: input.text }),
      ...(input.media && { media: mediaToWire(input.media) }),
      idempotency_key: input.idempotencyKey,
    };
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await this.request<{
          message: { provider_message_id: string; status: SendResult['status']; sent_at: string };
          duplicate: boolean;
        }>('POST', `${this.path(input)}/messages`, { apiKey: apiKeyOf(input), body });
        // A retry that finds its own first attempt committed is not a duplicate to the caller.
        return {
          providerMessageId: res.message.provider_message_id,
          status: res.message.status,
          duplicate: res.duplicate && attempt === 1,
          sentAt: new Date(res.message.sent_at),
        };
      } catch (err) {
        if (!(err instanceof ChannelError) || !retryable(err) || attempt >= this.sendAttempts) throw err;
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * attempt));
      }
    }
  }

  /** One request per input (the service has no batch route), at most sendConcurrency at a time. */
  async sendMany(inputs: SendInput[]): Promise<SendAttempt[]> {
    const answers: SendAttempt[] = new Array(inputs.length);
    let next = 0;
    const lane = async () => {
      while (next < inputs.length) {
        const index = next++;
        try {
          answers[index] = await this.send(inputs[index]!);
        } catch (err) {
          if (!(err instanceof ChannelError)) throw err;
          answers[index] = err;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, inputs.length) }, lane));
    return answers;
  }

  async logout(session: SessionRef): Promise<SessionInfo> {
    return sessionFromWire(
      (
        await this.request<{ session: WireSession }>('POST', `${this.path(session)}/logout`, {
          apiKey: apiKeyOf(session),
        })
      ).session,
    );
  }

  /**
   * Pairing without a camera, where the service's engine offers it (Baileys): the code to type on
   * the phone that owns `phone` (E.164), while the session awaits pairing.
   */
  async requestPairingCode(session: SessionRef, phone: string): Promise<{ code: string }> {
    const res = await this.request<{ pairing_code: string }>('POST', `${this.path(session)}/pairing-code`, {
      apiKey: apiKeyOf(session),
      body: { phone },
    });
    return { code: res.pairing_code };
  }

  async deleteSession(session: SessionRef): Promise<void> {
    await this.request('DELETE', this.path(session), { apiKey: apiKeyOf(session) });
  }

  /**
   * The service's engine, from its /health (unauthenticated, answered even with its database
   * down), read again after a minute: an operator may restart the service on another engine. A
   * service that cannot be asked is taken for the sandbox, the label that never passes a simulated
   * network for the real one.
   */
  async engineIsSandbox(): Promise<boolean> {
    if (this.engine && Date.now() - this.engine.at < ENGINE_LABEL_TTL_MS) return this.engine.sandbox;
    try {
      const response = await fetch(`${this.baseUrl}/health`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(Math.min(this.timeoutMs, HEALTH_TIMEOUT_MS)),
      });
      const { sandbox } = (await response.json()) as { sandbox?: unknown };
      if (typeof sandbox !== 'boolean') return true;
      this.engine = { sandbox, at: Date.now() };
      return sandbox;
    } catch {
      return this.engine?.sandbox ?? true;
    }
  }

  setEventHandler(handler: ChannelEventHandler | null): void {
    this.handler = handler;
  }

  /** Called by the webhook route with a request's events, in order; a throw becomes a 500 and the service delivers them again. */
  async deliver(events: ChannelEvent[]): Promise<void> {
    if (!this.handler) throw new Error('no channel event handler is attached');
    await this.handler(events);
  }

  private path(session: SessionRef) {
    return `/sessions/${encodeURIComponent(session.sessionKey)}`;
  }

  private async request<T>(method: string, path: string, options: RequestOptions): Promise<T> {
    const url = `${this.baseUrl}${path}`;
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (options.apiKey) headers['x-api-key'] = options.apiKey;
    if (options.signed) Object.assign(headers, signRequest(this.options.sharedSecret, body ?? ''));
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
      text = await response.text();
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      throw new ChannelError(
        'channel_unavailable',
        timedOut
          ? `session service did not answer ${method} ${path} within ${this.timeoutMs} ms`
          : `session service unreachable at ${this.baseUrl}: ${causeOf(err)}`,
        { reason: timedOut ? 'timeout' : 'network' },
      );
    }
    let json: unknown;
    try {
      json = text === '' ? {} : JSON.parse(text);
    } catch {
      throw new ChannelError(
        'channel_protocol_error',
        `session service answered ${method} ${path} with HTTP ${response.status} and a body that is not JSON`,
        { http_status: response.status },
      );
    }
    if (response.ok) return json as T;
    throw errorFrom(response, json, `${method} ${path}`);
  }
}

function apiKeyOf(session: SessionRef): string {
  if (!session.apiKey)
    throw new ChannelError(
      'unauthorized',
      `session ${session.sessionKey} has no API key: the session service needs the key returned at creation`,
    );
  return session.apiKey;
}

/** The service's `{ error, code, ...details }` back into the ChannelError it was made from. */
function errorFrom(response: Response, json: unknown, what: string): ChannelError {
  const { error, code, ...details } = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const message = typeof error === 'string' ? error : `session service answered ${what} with HTTP ${response.status}`;
  if (response.status === 429) {
    const retryAfter = Number(response.headers.get('retry-after'));
    return new ChannelError('rate_limited', message, {
      ...details,
      ...(retryAfter > 0 && { retry_after_seconds: retryAfter }),
    });
  }
  if (isChannelErrorCode(code)) return new ChannelError(code, message, details);
  if (response.status >= 500)
    return new ChannelError('channel_unavailable', message, { reason: 'server_error', http_status: response.status });
  return new ChannelError('channel_protocol_error', message, { http_status: response.status });
}

const retryable = (err: ChannelError) => err.code === 'channel_unavailable';

const causeOf = (err: unknown) => {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
};
