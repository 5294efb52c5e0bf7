import type { NetworkGuard } from '../../../core/index.js';
import type { ProviderFetch } from './provider-http.js';
import type { Opened } from './opened.js';

/** The part of an HTTP answer the channel clients read (a fetch() Response has it too). */
export interface HttpAnswer {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export type OpenedHttpRequest = Opened<HttpAnswer>;

export type OpenHttp = (
  url: string,
  init: { method: 'POST'; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<OpenedHttpRequest>;

/** Requests opened through the network guard (a send's, before the send ledger records it). */
export function guardedOpen(guard: NetworkGuard): OpenHttp {
  return async (url, init) => {
    const opened = await guard.open(url, init);
    return {
      complete: () => opened.complete(),
      answer: async () => answerOf(await opened.response()),
      abandon: () => opened.abandon(),
    };
  };
}

/**
 * A session service's requests through the network guard (WAHA, Evolution API), redirects never
 * followed: the key must never travel to another host.
 */
export function guardedTransport(guard: NetworkGuard): {
  fetch: ProviderFetch;
  open: OpenHttp;
} {
  return {
    fetch: (url, init) => guard.fetch(url, init as never, { followRedirects: false }),
    open: guardedOpen(guard),
  };
}

/** An answer of the guard's request() as the clients read it. */
export function answerOf({ statusCode, headers, body }: Awaited<ReturnType<NetworkGuard['request']>>): HttpAnswer {
  return {
    ok: statusCode >= 200 && statusCode < 300,
    status: statusCode,
    headers: {
      get: (name) => {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: () => body.text(),
    arrayBuffer: () => body.arrayBuffer(),
  };
}
