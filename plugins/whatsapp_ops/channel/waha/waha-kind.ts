import { Type } from 'typebox';
import type { ProviderKind } from '../providers/provider-kind.js';
import { WahaAdapter } from './waha-adapter.js';
import { WahaClient } from './waha-client.js';
import { WAHA_WEBHOOK_PREFIX } from './waha-webhook-route.js';
import { guardedTransport } from '../guarded-open.js';

/** A shop's own WAHA server: its address, its API key, and the secret its webhooks are signed with. */
export const wahaKind: ProviderKind = {
  name: 'waha',
  title: 'WAHA (WhatsApp HTTP API)',
  description:
    "The shop's own WAHA server (devlikeapro/waha): lines pair by QR like WhatsApp Web; bulk sending may get numbers banned.",
  fields: Type.Object({
    base_url: Type.String({
      minLength: 8,
      maxLength: 500,
      pattern: '^https?://',
      description: "WAHA's address as this server reaches it, e.g. https://waha.example.com.",
    }),
    api_key: Type.String({
      minLength: 8,
      maxLength: 500,
      secret: true,
      description: "WAHA's API key (its WAHA_API_KEY), sent as X-Api-Key.",
    }),
    webhook_secret: Type.String({
      minLength: 16,
      maxLength: 200,
      secret: true,
      description: "A secret of your choosing: the HMAC key WAHA signs each session's webhook events with.",
    }),
  }),
  urlFields: ['base_url'],
  webhookPath: (key) => `${WAHA_WEBHOOK_PREFIX}/${key}`,
  createAdapter: (provider, runtime) =>
    new WahaAdapter({
      shopId: provider.shopId,
      providerKey: provider.key,
      client: new WahaClient({
        baseUrl: provider.settings.base_url!,
        apiKey: provider.credentials.api_key!,
        timeoutMs: runtime.config.sessionProviders.timeoutMs,
        ...guardedTransport(runtime.guard),
      }),
      ledger: runtime.ledger,
      webhookSecret: provider.credentials.webhook_secret!,
      publicBaseUrl: runtime.publicBaseUrl,
      qrWaitMs: runtime.config.sessionProviders.qrWaitMs,
    }),
  // The key is checked by listing the server's sessions; lines are new sessions, paired by QR.
  verify: async (adapter) => {
    await (adapter as WahaAdapter).client.sessions();
    return [];
  },
};
