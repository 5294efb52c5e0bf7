import { ToolError } from '../../../core/index.js';
import { ChannelError } from './channel-error.js';
import type { HttpAnswer, OpenedHttpRequest, OpenHttp } from './guarded-open.js';
import type { Opened } from './opened.js';

export type ProviderFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<HttpAnswer>;

/** A send's request opened (opened.ts): its answer is the service's message id. */
export type OpenedProviderSend = Opened<string>;

/** A refusal the service answered: its HTTP status and its body, parsed when it was JSON. */
export interface ProviderRefusal {
  status: number;
  body: unknown;
  /** `METHOD /path`, for messages. */
  what: string;
}

export interface ProviderHttpOptions {
  /** The service's address as the shop gave it (no trailing path needed). */
  baseUrl: string;
  /** The name of the service, for messages ("WAHA", "Evolution API"). */
  service: string;
  /** The authentication header and its value. */
  auth: { header: string; value: string };
  timeoutMs: number;
  fetch: ProviderFetch;
  /** For sends: a request opened before the send ledger records it. */
  open: OpenHttp;
  /** The service's own error answer as a ChannelError. */
  refusal(refusal: ProviderRefusal): ChannelError;
}

/** Causes of a failed connection that prove the request was never sent. */
const NOT_SENT_CAUSES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', 'EHOSTUNREACH']);

/**
 * JSON over HTTP to a session service a shop runs (WAHA, Evolution API): its base URL, its key
 * header, a deadline per request, and failures as ChannelErrors. A request that never left
 * (refused connection, unknown host, an address the network guard refused) is `outcome: not_sent`;
 * a timeout or an answer that broke off or is not JSON is `outcome: unknown` — the service may have
 * acted on it, so the send ledger never repeats it blindly.
 */
export class ProviderHttp {
  private readonly root: string;

  constructor(private readonly options: ProviderHttpOptions) {
    this.root = options.baseUrl.replace(/\/+$/, '');
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return this.answer(await this.request(method, path, body, 'application/json'), method, path);
  }

  /**
   * A POST of JSON in two steps: connected and written but for the last byte (nothing the service
   * can act on), then completed or abandoned. A failure to open never reached the service (not_sent).
   */
  async openJson<T>(path: string, body: unknown): Promise<Opened<T>> {
    let opened: OpenedHttpRequest;
    try {
      opened = await this.options.open(`${this.root}${path}`, {
        method: 'POST',
        headers: this.headers('application/json', true),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      if (err instanceof ToolError && err.code === 'url_not_allowed')
        throw new ChannelError('channel_unavailable', err.message, { reason: 'network', outcome: 'not_sent' });
      throw this.unavailable(
        'POST',
        path,
        `could not be started (${codeOf(err) ?? (err as Error).message})`,
        'not_sent',
      );
    }
    return {
      complete: () => opened.complete(),
      answer: async () => this.answer(await this.requested('POST', path, () => opened.answer()), 'POST', path),
      abandon: () => opened.abandon(),
    };
  }

  private async answer<T>(response: HttpAnswer, method: string, path: string): Promise<T> {
    const text = await this.read(response, method, path);
    if (!response.ok)
      throw this.options.refusal({ status: response.status, body: parse(text), what: label(method, path) });
    const parsed = parse(text);
    if (parsed === undefined)
      throw new ChannelError(
        'channel_protocol_error',
        `${this.options.service} answered ${label(method, path)} with a body that is not JSON`,
        { http_status: response.status, outcome: 'unknown' },
      );
    return parsed as T;
  }

  /** A request whose answer carries nothing to read (WAHA's DELETE answers an empty body). */
  async call(method: string, path: string, body?: unknown): Promise<void> {
    const response = await this.request(method, path, body, 'application/json');
    const text = await this.read(response, method, path);
    if (!response.ok)
      throw this.options.refusal({ status: response.status, body: parse(text), what: label(method, path) });
  }

  /** The raw bytes of an answer (an image), with its content type. */
  async bytes(path: string, accept: string): Promise<{ bytes: Buffer; contentType: string | null }> {
    const response = await this.request('GET', path, undefined, accept);
    if (!response.ok) {
      const text = await this.read(response, 'GET', path);
      throw this.options.refusal({ status: response.status, body: parse(text), what: label('GET', path) });
    }
    try {
      return { bytes: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type') };
    } catch {
      throw this.unavailable('GET', path, 'broke off', 'unknown');
    }
  }

  private request(method: string, path: string, body: unknown, accept: string): Promise<HttpAnswer> {
    return this.requested(method, path, () =>
      this.options.fetch(`${this.root}${path}`, {
        method,
        headers: this.headers(accept, body !== undefined),
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      }),
    );
  }

  private headers(accept: string, json: boolean): Record<string, string> {
    return {
      [this.options.auth.header]: this.options.auth.value,
      accept,
      ...(json && { 'content-type': 'application/json' }),
    };
  }

  /** A request's failure to answer, classified by what it proves about the request. */
  private async requested(method: string, path: string, request: () => Promise<HttpAnswer>): Promise<HttpAnswer> {
    try {
      return await request();
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError')
        throw new ChannelError(
          'channel_unavailable',
          `${this.options.service} did not answer ${label(method, path)} within ${this.options.timeoutMs} ms`,
          { reason: 'timeout', outcome: 'unknown' },
        );
      const cause = codeOf(err);
      if (cause !== undefined && NOT_SENT_CAUSES.has(cause))
        throw this.unavailable(method, path, `cannot be reached (${cause})`, 'not_sent');
      // A refusal of the network guard never left either; it is a ToolError with its own reason.
      if (err instanceof ToolError && err.code === 'url_not_allowed')
        throw new ChannelError('channel_unavailable', err.message, { reason: 'network', outcome: 'not_sent' });
      throw this.unavailable(method, path, `broke off: ${cause ?? (err as Error).message}`, 'unknown');
    }
  }

  private async read(response: HttpAnswer, method: string, path: string): Promise<string> {
    try {
      return await response.text();
    } catch (err) {
      if (['TimeoutError', 'AbortError'].includes((err as Error).name))
        throw new ChannelError(
          'channel_unavailable',
          `the answer of ${this.options.service} to ${label(method, path)} did not end within ${this.options.timeoutMs} ms`,
          { reason: 'timeout', outcome: 'unknown' },
        );
      throw this.unavailable(method, path, 'broke off', 'unknown');
    }
  }

  private unavailable(method: string, path: string, what: string, outcome: 'not_sent' | 'unknown') {
    return new ChannelError(
      'channel_unavailable',
      `the request ${label(method, path)} to ${this.options.service} ${what}`,
      {
        reason: 'network',
        outcome,
      },
    );
  }
}

const codeOf = (err: unknown): string | undefined =>
  (err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;

const label = (method: string, path: string) => `${method} ${path.split('?')[0]}`;

function parse(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
