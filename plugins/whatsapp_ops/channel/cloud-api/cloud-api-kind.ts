import { Type } from 'typebox';
import type { ProviderKind } from '../providers/provider-kind.js';
import { CloudApiAdapter } from './cloud-api-adapter.js';
import { GraphClient } from './graph-client.js';
import { graphTransport } from './graph-transport.js';
import { CLOUD_WEBHOOK_PREFIX } from './cloud-webhook-route.js';

/** The official WhatsApp Business Platform: a shop's WABA, its system-user token and its app's webhook. */
export const cloudApiKind: ProviderKind = {
  name: 'cloud_api',
  title: 'WhatsApp Cloud API',
  description:
    "Meta's official API: the business account's numbers become lines, no QR. Free text only within 24 h of the customer's last message, templates otherwise.",
  fields: Type.Object({
    waba_id: Type.String({
      pattern: '^\\d{5,25}$',
      description: 'The WhatsApp Business Account id.',
    }),
    access_token: Type.String({
      minLength: 20,
      maxLength: 1000,
      secret: true,
      description: 'A system-user access token with whatsapp_business_messaging and whatsapp_business_management.',
    }),
    app_secret: Type.String({
      minLength: 16,
      maxLength: 200,
      secret: true,
      description: "The Meta app's secret, which signs the webhook (X-Hub-Signature-256).",
    }),
    verify_token: Type.String({
      minLength: 8,
      maxLength: 200,
      secret: true,
      description: "A string of your choosing, also entered in the app's webhook settings.",
    }),
  }),
  urlFields: [],
  webhookPath: (key) => `${CLOUD_WEBHOOK_PREFIX}/${key}`,
  createAdapter: (provider, runtime) =>
    new CloudApiAdapter({
      shopId: provider.shopId,
      providerId: provider.id,
      wabaId: provider.settings.waba_id!,
      client: new GraphClient({
        baseUrl: runtime.config.cloudApi.baseUrl,
        version: runtime.config.cloudApi.graphVersion,
        token: provider.credentials.access_token!,
        timeoutMs: runtime.config.cloudApi.timeoutMs,
        ...graphTransport(runtime.guard),
      }),
      ledger: runtime.ledger,
      pacer: runtime.pacer,
      throttle: {
        retries: runtime.config.cloudApi.throttleRetries,
        backoffMs: runtime.config.cloudApi.throttleBackoffMs,
      },
      onLineStop: (stop) => runtime.onLineStop(stop),
    }),
  verify: async (adapter) =>
    (await (adapter as CloudApiAdapter).phoneNumbers()).map((n) => ({
      external_id: n.id,
      phone: n.display_phone_number,
      name: n.verified_name ?? null,
    })),
};
