import { Type, type Static } from '../../core/index.js';

/**
 * shopifyApiVersion: the Admin API version every Shopify call names (pinned: Shopify changes
 * shapes between versions). vtexApiBase / vtexStoreUrl: `{account}` and `{environment}` are
 * replaced; a store URL left out of connect_ecommerce is generated from vtexStoreUrl.
 * requestTimeoutMs: one storefront request; probeTimeoutMs: the credentials check before a
 * confirmation. maxRetries / maxWaitMs: a 429, 503 or THROTTLED answer is waited out this many
 * times, each wait at most this long. registerWebhooks: when_public registers the platforms'
 * webhooks only when the server's public URL is HTTPS (a store cannot call a private address);
 * always / never force it. pollIntervalSeconds: how often a polled connection is asked for
 * changes; pollOverlapSeconds: how far back each poll reaches before its cursor, so a change made
 * in the same second as the cursor is not lost. eventRetentionDays: the inbound event log.
 */
export const IntegrationsConfig = Type.Object(
  {
    shopifyApiVersion: Type.String({ pattern: '^\\d{4}-\\d{2}$', default: '2025-10' }),
    vtexEnvironment: Type.String({ minLength: 1, default: 'vtexcommercestable' }),
    vtexApiBase: Type.String({ minLength: 8, default: 'https://{account}.{environment}.com.br' }),
    vtexStoreUrl: Type.String({ minLength: 8, default: 'https://{account}.myvtex.com' }),
    requestTimeoutMs: Type.Integer({ minimum: 500, maximum: 120_000, default: 15_000 }),
    probeTimeoutMs: Type.Integer({ minimum: 500, maximum: 60_000, default: 10_000 }),
    maxRetries: Type.Integer({ minimum: 0, maximum: 20, default: 5 }),
    maxWaitMs: Type.Integer({ minimum: 10, maximum: 300_000, default: 30_000 }),
    registerWebhooks: Type.Union([Type.Literal('when_public'), Type.Literal('always'), Type.Literal('never')], {
      default: 'when_public',
    }),
    pollIntervalSeconds: Type.Integer({ minimum: 10, maximum: 86_400, default: 300 }),
    pollOverlapSeconds: Type.Integer({ minimum: 0, maximum: 3_600, default: 60 }),
    eventRetentionDays: Type.Integer({ minimum: 1, default: 30 }),
  },
  { additionalProperties: false, default: {} },
);
export type IntegrationsConfig = Static<typeof IntegrationsConfig>;
