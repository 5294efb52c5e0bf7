import type { IntegrationsConfig } from '../config.js';

/** The group's config for tests that build connectors directly: short timeouts, webhooks always registered. */
export const connectorConfig = (overrides: Partial<IntegrationsConfig> = {}): IntegrationsConfig => ({
  shopifyApiVersion: '2025-10',
  vtexEnvironment: 'vtexcommercestable',
  vtexApiBase: 'https://{account}.{environment}.com.br',
  vtexStoreUrl: 'https://{account}.myvtex.com',
  requestTimeoutMs: 5_000,
  probeTimeoutMs: 5_000,
  maxRetries: 8,
  maxWaitMs: 5_000,
  registerWebhooks: 'always',
  pollIntervalSeconds: 60,
  pollOverlapSeconds: 60,
  eventRetentionDays: 30,
  ...overrides,
});
