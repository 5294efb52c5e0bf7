import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { createSecureContext, rootCertificates } from 'node:tls';
import ipaddr from 'ipaddr.js';
import {
  Agent,
  fetch as undiciFetch,
  request as undiciRequest,
  type Dispatcher,
  type RequestInit,
  type Response,
} from 'undici';
import { ToolError } from '../errors/tool-error.js';

/** A DNS answer: every address the name resolves to. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface NetworkGuardOptions {
  /** Loopback addresses (127.0.0.0/8, ::1) pass: for tests and local fakes only. Off by default. */
  allowLoopback?: boolean;
  /** URL schemes a shop may give. */
  schemes?: readonly string[];
  /** Redirects followed, each checked again. */
  maxRedirects?: number;
  /** Whole request, redirects included. */
  timeoutMs?: number;
  resolve?: Resolver;
  /** Certificates (PEM) trusted besides the system's: a self-hosted CA, or the tests' local receivers. */
  trustedCaPem?: string;
}

export interface GuardedFetchOptions {
  /** false: a 3xx comes back as the answer (a webhook receiver that redirects has failed). */
  followRedirects?: boolean;
}

/** A request on its connection with all of its body but the last part: the server has nothing it can act on yet. */
export interface OpenedRequest {
  /**
   * Writes the last byte in this call (no turn of the event loop between the caller and the socket),
   * and nothing else: from here the server has the whole request.
   */
  complete(): void;
  /** The response to the completed request (asked before `complete()`, it fails short, as if abandoned). */
  response(): Promise<Dispatcher.ResponseData>;
  /** Ends it short of its length: the server gets an incomplete request and acts on nothing. */
  abandon(): void;
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** A URL a shop configured, as it may be stored; `warning` says what the shop should know about it. */
export interface ConfiguredUrl {
  url: URL;
  /** Set when the name does not resolve right now: stored all the same, and every call checks it again. */
  warning: string | null;
}

/**
 * A name that does not resolve (now): not a refusal — nothing says the address is not allowed —
 * but a failure to reach it, with the code of the system resolver's (ENOTFOUND), so clients report
 * it as they report any host they cannot reach.
 */
export class HostNotResolvedError extends Error {
  readonly code = 'ENOTFOUND';
  constructor(readonly host: string) {
    super(`${host} does not resolve`);
    this.name = 'HostNotResolvedError';
  }
}

const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** undici wraps an error of the connect's lookup (the guard's refusal) as the cause of its own. */
const refusalOrError = (err: Error & { cause?: unknown }): never => {
  if (err.cause instanceof ToolError) throw err.cause;
  throw err;
};

const refused = (reason: string, details: Record<string, unknown>) =>
  new ToolError('url_not_allowed', `The address is not allowed: ${reason}.`, { reason, ...details });

/**
 * The one way out to an address a shop supplied (webhook URLs, custom functions, storefronts,
 * mail servers, AI base URLs). The scheme must be allowed; every address the name resolves to must
 * be public (not private, loopback, link-local, carrier-grade NAT, unique-local, IPv4-mapped or
 * tunnelled private…); the connection is made to the address that was checked, resolved once in
 * the same step, so a name cannot answer a public address to the check and a private one to the
 * connection; and each redirect is checked the same way before it is followed.
 */
export class NetworkGuard {
  private readonly allowLoopback: boolean;
  private readonly schemes: ReadonlySet<string>;
  private readonly maxRedirects: number;
  private readonly timeoutMs: number;
  private readonly resolve: Resolver;
  private readonly agent: Agent;

  constructor(options: NetworkGuardOptions = {}) {
    this.allowLoopback = options.allowLoopback ?? false;
    this.schemes = new Set(options.schemes ?? ['https', 'http']);
    this.maxRedirects = options.maxRedirects ?? 5;
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.resolve = options.resolve ?? systemResolver;
    this.agent = new Agent({
      connect: {
        // Made once: a `ca` list in the connect options would build a context of ~150 roots per connection (~70 ms).
        ...(options.trustedCaPem && {
          secureContext: createSecureContext({ ca: [...rootCertificates, options.trustedCaPem] }),
        }),
        // The pin: the socket goes to the address this lookup checked, never to a second answer.
        lookup: (hostname, options, callback) => {
          this.checkHost(hostname).then(
            ({ address, family }) =>
              // With happy eyeballs on, net asks for every address at once.
              (options as { all?: boolean }).all
                ? (callback as unknown as (e: null, all: CheckedAddress[]) => void)(null, [{ address, family }])
                : callback(null, address, family),
            (err: Error) => callback(err as NodeJS.ErrnoException, '', 4),
          );
        },
      },
    });
  }

  /**
   * A URL a shop configures, before it is stored: a bad scheme or form, a literal private address
   * and a name that resolves to one are refused (url_not_allowed). A name that does not resolve
   * right now is accepted with a warning: DNS may be down or the record not published yet, and
   * the check that counts is the one every call makes (`fetch`, `request`), pinned to the address
   * it checked.
   */
  async checkUrl(raw: string | URL): Promise<ConfiguredUrl> {
    const url = this.parse(raw);
    try {
      await this.checkHost(url.hostname);
      return { url, warning: null };
    } catch (err) {
      if (!(err instanceof HostNotResolvedError)) throw err;
      return {
        url,
        warning: `${err.host} does not resolve right now. The URL is saved; every call to it checks the name again and fails while it does not resolve.`,
      };
    }
  }

  /**
   * A host a client connects to itself (SMTP, IMAP): the address to connect to, checked. Connect
   * to exactly this address (with the host name for TLS), not to the name again. A name that does
   * not resolve throws HostNotResolvedError.
   */
  async checkHost(host: string): Promise<CheckedAddress> {
    const name = host.replace(/^\[|\]$/g, '');
    const answers = isIP(name)
      ? [{ address: name, family: (isIP(name) === 6 ? 6 : 4) as 4 | 6 }]
      : await this.lookup(name);
    if (answers.length === 0) throw new HostNotResolvedError(name);
    for (const answer of answers) {
      const kind = this.kindOf(answer.address);
      if (kind !== 'public')
        throw refused(`${name} resolves to a ${kind} address`, { host: name, address: answer.address });
    }
    return answers[0]!;
  }

  /** fetch() through the guard: checked, pinned, redirects followed only after their own check. */
  async fetch(raw: string | URL, init: RequestInit = {}, options: GuardedFetchOptions = {}): Promise<Response> {
    let url = this.parse(raw);
    const signal = init.signal ?? AbortSignal.timeout(this.timeoutMs);
    for (let hop = 0; ; hop++) {
      await this.checkLiteral(url);
      const response = await undiciFetch(url, { ...init, signal, redirect: 'manual', dispatcher: this.agent }).catch(
        refusalOrError,
      );
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null || options.followRedirects === false)
        return response;
      await response.body?.cancel();
      if (hop >= this.maxRedirects) throw refused(`more than ${this.maxRedirects} redirects`, { url: url.href });
      url = this.parse(new URL(location, url));
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && init.method === 'POST'))
        init = { ...init, method: 'GET', body: undefined };
    }
  }

  /**
   * One request through the guard with undici's request API (no redirects: a 3xx is the answer):
   * several times cheaper than fetch() per call, for senders that make many (webhook deliveries).
   * The body must be read or destroyed.
   */
  async request(
    raw: string | URL,
    options: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; signal: AbortSignal },
  ): Promise<Dispatcher.ResponseData> {
    const url = this.parse(raw);
    await this.checkLiteral(url);
    return undiciRequest(url, { ...options, dispatcher: this.agent }).catch(refusalOrError);
  }

  /**
   * request(), in two steps: resolves once the connection is made and the head and all of the body
   * but its last byte are written; `complete()` then writes that byte. For a caller that must record
   * a request as sent before it is (the send ledger): whatever undici does before writing a request
   * (connecting, TLS, yielding to check an idle keep-alive socket) happens before the record, and
   * only the write of one byte after it. The body's end and the response wait for `response()`, so
   * a caller completing many requests at once writes their last bytes back to back.
   */
  async open(
    raw: string | URL,
    options: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
  ): Promise<OpenedRequest> {
    const url = this.parse(raw);
    await this.checkLiteral(url);
    const bytes = Buffer.from(options.body);
    if (bytes.length < 2) throw new Error('a request opened in two steps needs a body of two bytes or more');
    let wanted!: () => void;
    const pulled = new Promise<void>((resolve) => (wanted = resolve));
    // undici pulls the body only once the request is on a ready socket, so the first pull says it is.
    const body = new Readable({ read: () => wanted() });
    const response = undiciRequest(url, {
      method: options.method,
      headers: { ...options.headers, 'content-length': String(bytes.length) },
      body,
      signal: options.signal,
      dispatcher: this.agent,
    }).catch(refusalOrError);
    // Abandoned, it rejects with nobody waiting for it.
    response.catch(() => undefined);
    await Promise.race([pulled, response]);
    // The stream flows and nothing is buffered, so each push goes to undici's write at once.
    body.push(bytes.subarray(0, bytes.length - 1));
    const last = bytes.subarray(bytes.length - 1);
    return {
      complete: () => void body.push(last),
      response: () => {
        body.push(null);
        return response;
      },
      abandon: () => body.destroy(new Error('the request was abandoned before its body was complete')),
    };
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  /** A literal address is connected to without any lookup, so it is checked here. */
  private async checkLiteral(url: URL): Promise<void> {
    if (isIP(url.hostname.replace(/^\[|\]$/g, ''))) await this.checkHost(url.hostname);
  }

  private parse(raw: string | URL): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw refused('it is not a URL', { url: String(raw) });
    }
    const scheme = url.protocol.replace(/:$/, '');
    if (!this.schemes.has(scheme))
      throw refused(`the scheme ${scheme} is not one of ${[...this.schemes].join(', ')}`, { url: url.href });
    return url;
  }

  private async lookup(name: string): Promise<CheckedAddress[]> {
    try {
      return await this.resolve(name);
    } catch {
      throw new HostNotResolvedError(name);
    }
  }

  /** public, or what else the address is (ipaddr.js's range names). */
  private kindOf(address: string): string {
    const range = ipaddr.process(address).range();
    if (range === 'unicast') return 'public';
    if (range === 'loopback' && this.allowLoopback) return 'public';
    return range;
  }
}
