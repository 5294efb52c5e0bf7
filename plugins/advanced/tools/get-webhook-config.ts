import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { endpointPayload, VERIFICATION } from '../services/webhooks/endpoint-payload.js';
import { WebhookConfigOutput } from './outputs.js';

export const getWebhookConfig = defineTool({
  name: 'get_webhook_config',
  title: 'Get webhook configuration',
  description:
    "Webhook endpoint: enabled, URL, events, the secret's last 4 characters, health (disabled_failing after 5 days of failures), the last 24 hours' deliveries and latency, and how to verify a signature.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    webhooks: WebhookConfigOutput,
    stats_24h: Type.Object({
      delivered: Type.Integer(),
      failed: Type.Integer(),
      pending: Type.Integer(),
      exhausted: Type.Integer(),
      latency_p50_ms: Nullable(Type.Integer()),
      latency_p95_ms: Nullable(Type.Integer()),
    }),
    verification: Type.Object({
      stripe_style: Type.String(),
      standard_webhooks: Type.String(),
      tolerance_seconds: Type.Integer(),
      deduplicate_on: Type.String(),
    }),
  }),
  handler: async (_args, { services }) => ({
    webhooks: endpointPayload(await services.advancedWebhookEndpoints.find(), services.secrets),
    stats_24h: await services.advancedWebhookDeliveries.stats24h(),
    verification: VERIFICATION,
  }),
});
