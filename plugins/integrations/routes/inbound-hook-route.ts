import type { SetupContext } from '../../../core/index.js';
import type { IntegrationsConfig } from '../config.js';
import { EcommerceConnection } from '../entities/ecommerce-connection.entity.js';
import { HOOK_PATH } from '../services/connections-service.js';

/** Shopify's limit on a webhook body is far below this; a larger one is not a store's. */
const BODY_LIMIT = 5 * 1024 * 1024;

/**
 * `POST /integrations/hooks/:hookKey`: where a connected store delivers its webhooks. The key names
 * the connection (the URL carries no shop id); the body is kept raw, since every signature covers
 * the exact bytes. 200 for an accepted, ping or repeated delivery (a store retries anything else);
 * 401 for a bad signature; 404 for a key that names no connection. The answer says nothing about
 * the shop.
 */
export function inboundHookRoute({ app, rootEm, withShop }: SetupContext<IntegrationsConfig>): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { hookKey: string } }>(`${HOOK_PATH}/:hookKey`, async (request, reply) => {
      const found = await rootEm
        .fork()
        .findOne(
          EcommerceConnection,
          { hookKey: request.params.hookKey },
          { filters: { tenant: false }, fields: ['id', 'shopId'] },
        );
      if (!found) return reply.code(404).send({ error: 'unknown webhook address' });
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await withShop(
        found.shopId,
        async ({ services, em }) => {
          const connection = await em.findOneOrFail(EcommerceConnection, { id: found.id });
          return services.ecommerceFeed.receive(connection, request.headers, body);
        },
        { transactional: true },
      );
      if (outcome.status === 'rejected_signature') return reply.code(401).send({ error: 'invalid signature' });
      return reply.code(200).send({ ok: true, duplicate: outcome.duplicate });
    });
  });
}
