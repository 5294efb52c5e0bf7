import { Type, WarningsOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { endpointPayload } from '../services/webhooks/endpoint-payload.js';
import { WebhookConfigOutput } from './outputs.js';

export const configureWebhooks = defineTool({
  name: 'configure_webhooks',
  title: 'Configure webhooks',
  description:
    "Sets the shop's webhook endpoint: subscribed events are POSTed as JSON signed with HMAC-SHA256 of webhook_secret, retried for about 27 hours. webhook_events replaces the whole list (types from list_webhook_event_types). Enabling needs a public HTTPS URL, a secret of 16+ characters and an event. An old secret keeps signing for 24 hours.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  confirmation: 'user',
  input: Type.Object({
    webhook_enabled: Type.Boolean(),
    webhook_url: Type.Optional(Type.String({ minLength: 8, maxLength: 2000 })),
    webhook_secret: Type.Optional(Type.String({ minLength: 16, maxLength: 256, secret: true })),
    webhook_events: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 60 }), { maxItems: 100 })),
  }),
  precheck: async (args, { services }) => {
    await services.advancedWebhookEndpoints.check(args);
  },
  summary: async (args, { services }) => {
    const warning =
      args.webhook_url !== undefined ? await services.advancedWebhookEndpoints.urlWarning(args.webhook_url) : null;
    const parts = [
      args.webhook_url !== undefined && `URL ${args.webhook_url}`,
      args.webhook_secret !== undefined && 'a new signing secret',
      args.webhook_events !== undefined &&
        `events ${args.webhook_events.length > 0 ? args.webhook_events.join(', ') : '(none)'}`,
    ].filter(Boolean);
    return `${args.webhook_enabled ? 'Enable' : 'Disable'} the shop’s webhooks${parts.length > 0 ? ` with ${parts.join('; ')}` : ''}.${warning ? ` Note: ${warning}` : ''}`;
  },
  output: Type.Object({
    webhooks: WebhookConfigOutput,
    changed: Type.Array(Type.String()),
    warnings: WarningsOutput(),
  }),
  handler: async (args, { services }) => {
    const { endpoint, changed, warnings } = await services.advancedWebhookEndpoints.configure(args);
    return { webhooks: endpointPayload(endpoint, services.secrets), changed, warnings };
  },
});
