import { Type } from 'typebox';
import type { ProviderKind } from '../providers/provider-kind.js';
import { EvolutionAdapter } from './evolution-adapter.js';
import { EvolutionClient } from './evolution-client.js';
import { EVOLUTION_WEBHOOK_PREFIX } from './evolution-webhook-route.js';
import { guardedTransport } from '../guarded-open.js';

/** A shop's own Evolution API server: its address and its global API key. */
export const evolutionKind: ProviderKind = {
  name: 'evolution',
  title: 'Evolution API',
  description:
    "The shop's own Evolution API server (v2): lines pair by QR like WhatsApp Web; bulk sending may get numbers banned.",
  fields: Type.Object({
    base_url: Type.String({
      minLength: 8,
      maxLength: 500,
      pattern: '^https?://',
      description: "Evolution API's address as this server reaches it, e.g. https://evo.example.com.",
    }),
    api_key: Type.String({
      minLength: 8,
      maxLength: 500,
      secret: true,
      description: "Evolution API's global key (its AUTHENTICATION_API_KEY), sent as apikey.",
    }),
  }),
  urlFields: ['base_url'],
  webhookPath: (key) => `${EVOLUTION_WEBHOOK_PREFIX}/${key}`,
  createAdapter: (provider, runtime) =>
    new EvolutionAdapter({
      shopId: provider.shopId,
      providerKey: provider.key,
      client: new EvolutionClient({
        baseUrl: provider.settings.base_url!,
        apiKey: provider.credentials.api_key!,
        timeoutMs: runtime.config.sessionProviders.timeoutMs,
        ...guardedTransport(runtime.guard),
      }),
      ledger: runtime.ledger,
      qrSecret: provider.credentials.api_key!,
      publicBaseUrl: runtime.publicBaseUrl,
    }),
  // The key is checked by listing the server's instances; lines are new instances, paired by QR.
  verify: async (adapter) => {
    await (adapter as EvolutionAdapter).client.instances();
    return [];
  },
};
