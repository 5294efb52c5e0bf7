import type { NetworkGuard } from '../../../../core/index.js';
import { answerOf, guardedOpen, type OpenHttp } from '../guarded-open.js';
import type { GraphFetch } from './graph-client.js';

/**
 * Graph requests through the network guard, redirects never followed (the token must never travel
 * to another host). JSON and GET requests — every send — go through undici's request API, several
 * times cheaper a call than fetch(); a multipart upload (bytes) through fetch. A send opens its
 * request before the send ledger records it (NetworkGuard.open).
 */
export function graphTransport(guard: NetworkGuard): { fetch: GraphFetch; open: OpenHttp } {
  return {
    fetch: async (url, init) => {
      if (typeof init.body !== 'string' && init.body !== undefined)
        return guard.fetch(url, init as never, { followRedirects: false });
      return answerOf(
        await guard.request(url, {
          method: init.method as 'GET' | 'POST',
          headers: init.headers,
          ...(init.body !== undefined && { body: init.body }),
          signal: init.signal,
        }),
      );
    },
    open: guardedOpen(guard),
  };
}
