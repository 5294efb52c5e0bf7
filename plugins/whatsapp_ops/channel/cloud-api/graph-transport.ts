import type { NetworkGuard } from '../../../../core/index.js';
import type { GraphFetch, GraphOpen, GraphResponse } from './graph-client.js';

/**
 * Graph requests through the network guard, redirects never followed (the token must never travel
 * to another host). JSON and GET requests — every send — go through undici's request API, several
 * times cheaper a call than fetch(); a multipart upload (bytes) through fetch. A send opens its
 * request before the send ledger records it (NetworkGuard.open).
 */
export function graphTransport(guard: NetworkGuard): { fetch: GraphFetch; open: GraphOpen } {
  return {
    fetch: async (url, init) => {
      if (typeof init.body !== 'string' && init.body !== undefined)
        return guard.fetch(url, init as never, { followRedirects: false });
      return responseOf(
        await guard.request(url, {
          method: init.method as 'GET' | 'POST',
          headers: init.headers,
          ...(init.body !== undefined && { body: init.body }),
          signal: init.signal,
        }),
      );
    },
    open: async (url, init) => {
      const opened = await guard.open(url, init);
      return { finish: async () => responseOf(await opened.finish()), abandon: () => opened.abandon() };
    },
  };
}

function responseOf({ statusCode, headers, body }: Awaited<ReturnType<NetworkGuard['request']>>): GraphResponse {
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
