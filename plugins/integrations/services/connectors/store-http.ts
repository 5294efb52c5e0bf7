import { ToolError, type NetworkGuard } from '../../../../core/index.js';
import { StoreError } from './store-error.js';
import type { PlatformType } from './types.js';

export interface StoreResponse {
  status: number;
  /** The answer's headers, whichever fetch implementation the network guard used. */
  headers: Pick<Headers, 'get'>;
  text: string;
  /** The body parsed; T is the caller's reading of the platform's shape (its *-wire.ts types). */
  json<T = unknown>(): T;
}

export interface StoreRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
}

/** Waits and pacing shared by every call to one connection in this process. */
export class ConnectionLane {
  /** Throttle waits taken (429/503 or a cost bucket running dry) and their total length. */
  throttleWaits = 0;
  throttleWaitMs = 0;
  /** Shopify's cost bucket as the last answer left it. */
  bucket: { available: number; maximum: number; restoreRate: number; at: number } | null = null;
  /** WooCommerce: `query` once this store was found to strip the Authorization header. */
  wooAuthMode: 'header' | 'query' | null = null;
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(readonly concurrency: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) await new Promise<void>((resolve) => this.queue.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }

  async wait(ms: number): Promise<void> {
    this.throttleWaits++;
    this.throttleWaitMs += ms;
    await new Promise((resolve) => setTimeout(resolve, ms));
  }
}

export interface StoreHttpOptions {
  platform: PlatformType;
  guard: NetworkGuard;
  lane: ConnectionLane;
  timeoutMs: number;
  /** Retries of a 429/503 answer before the call fails as throttled. */
  maxRetries: number;
  /** The longest single wait honoured; a store asking for more fails the call. */
  maxWaitMs: number;
}

const MAX_BODY_CHARS = 16 * 1024 * 1024;

/** Seconds or an HTTP date, as Retry-After allows. */
export function retryAfterMs(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

/**
 * The one HTTP client of the storefront adapters: through the network guard (every store URL is a
 * shop-supplied address), a timeout per request, the connection's lane (concurrency, waits), and
 * the answers every platform shares — 429 and 503 wait Retry-After (or back off) and try again.
 */
export class StoreHttp {
  constructor(private readonly options: StoreHttpOptions) {}

  get lane(): ConnectionLane {
    return this.options.lane;
  }

  async send(request: StoreRequest): Promise<StoreResponse> {
    const { lane, maxRetries, maxWaitMs } = this.options;
    for (let attempt = 0; ; attempt++) {
      const response = await lane.run(() => this.once(request));
      if (response.status !== 429 && response.status !== 503) return response;
      // PrestaShop answers 503 when its webservice is off: that is not a wait.
      if (response.status === 503 && /webservice is disabled/i.test(response.text)) return response;
      const wait = retryAfterMs(response.headers.get('retry-after')) ?? Math.min(500 * 2 ** attempt, maxWaitMs);
      if (attempt >= maxRetries || wait > maxWaitMs)
        throw new StoreError(
          this.options.platform,
          'throttled',
          `the store is still limiting requests after ${attempt + 1} tries (HTTP ${response.status})`,
          response.status,
        );
      await lane.wait(wait);
    }
  }

  private async once(request: StoreRequest): Promise<StoreResponse> {
    let response: Awaited<ReturnType<NetworkGuard['fetch']>>;
    try {
      response = await this.options.guard.fetch(request.url, {
        method: request.method,
        headers: { accept: 'application/json', 'user-agent': 'Switchboard/1.0', ...request.headers },
        ...(request.body !== undefined && { body: request.body }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      if (err instanceof ToolError) throw err;
      const e = err as Error & { cause?: { code?: string } };
      const why =
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `no answer within ${Math.round(this.options.timeoutMs / 1000)} s`
          : (e.cause?.code ?? e.message);
      throw new StoreError(this.options.platform, 'unreachable', `the store did not answer: ${why}`);
    }
    const text = request.method === 'HEAD' ? '' : await response.text();
    if (text.length > MAX_BODY_CHARS)
      throw new StoreError(
        this.options.platform,
        'bad_response',
        'the store answered more than 16 MB',
        response.status,
      );
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: () => {
        try {
          return JSON.parse(text);
        } catch {
          throw new StoreError(
            this.options.platform,
            'bad_response',
            `the store answered HTTP ${response.status} with something that is not JSON`,
            response.status,
          );
        }
      },
    };
  }
}
