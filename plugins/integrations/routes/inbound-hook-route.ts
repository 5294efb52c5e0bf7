import { sql, type SetupContext } from '../../../core/index.js';
import type { IntegrationsConfig } from '../config.js';
import type { HookTarget } from '../services/feed/feed-service.js';
import { InboundBatcher } from '../services/feed/inbound-batcher.js';
import { HOOK_PATH } from '../services/connections-service.js';

/** Shopify's limit on a webhook body is far below this; a larger one is not a store's. */
const BODY_LIMIT = 5 * 1024 * 1024;

/**
 * `POST /integrations/hooks/:hookKey`: where a connected store delivers its webhooks. The key names
 * the connection (the URL carries no shop id); the body is kept raw, since every signature covers
 * the exact bytes. 200 for an accepted, ping or repeated delivery (a store retries anything else);
 * 401 for a bad signature; 404 for a key that names no connection. The answer says nothing about
 * the shop. Deliveries arriving together share a transaction (InboundBatcher).
 */
export function inboundHookRoute({ app, rootEm, withShop }: SetupContext<IntegrationsConfig>): void {
  const batcher = new InboundBatcher(withShop);
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { hookKey: string } }>(`${HOOK_PATH}/:hookKey`, async (request, reply) => {
      // One indexed read outside any shop: the key is all the request carries.
      const [found] = await sql<HookTarget>(
        rootEm,
        `select shop_id as "shopId", platform_type as "platformType", hook_secret_sealed as "hookSecretSealed"
           from ecommerce_connections where hook_key = $1`,
        [request.params.hookKey],
      );
      if (!found) return reply.code(404).send({ error: 'unknown webhook address' });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await batcher.submit(found.shopId, { target: found, headers: request.headers, body });
      if (outcome.status === 'rejected_signature') return reply.code(401).send({ error: 'invalid signature' });
      return reply.code(200).send({ ok: true, duplicate: outcome.duplicate });
    });
  });
}
