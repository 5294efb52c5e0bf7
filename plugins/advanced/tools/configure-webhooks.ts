import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { endpointPayload } from '../services/webhooks/endpoint-payload.js';
import { WebhookConfigOutput } from './outputs.js';

export const configureWebhooks = defineTool({
  name: 'configure_webhooks',
  title: 'Configure webhooks',
  description:
    'Sets the shop’s webhook endpoint: every subscribed event is POSTed there as JSON, signed with HMAC-SHA256 of webhook_secret, and retried for about 27 hours until it is accepted. Partial update: omitted fields keep their value. webhook_events replaces the whole list: to add or remove one, read the list with get_webhook_config and send the complete resulting list (list_webhook_event_types has the valid types). webhook_url must be a public HTTPS URL. Enabling needs a URL, a secret (16+ characters) and at least one event. A new secret keeps the old one signing too for 24 hours. Needs the user’s approval: the answer carries a confirmation_url for the user to open and approve. Stop after the first answer and ask the user to approve it there; a repeated call invalidates the earlier confirmation, and confirm: true does not execute it.',
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
    await services.webhookEndpoints.check(args);
  },
  summary: (args) => {
    const parts = [
      args.webhook_url !== undefined && `URL ${args.webhook_url}`,
      args.webhook_secret !== undefined && 'a new signing secret',
      args.webhook_events !== undefined &&
        `events ${args.webhook_events.length > 0 ? args.webhook_events.join(', ') : '(none)'}`,
    ].filter(Boolean);
    return `${args.webhook_enabled ? 'Enable' : 'Disable'} the shop’s webhooks${parts.length > 0 ? ` with ${parts.join('; ')}` : ''}.`;
  },
  output: Type.Object({ webhooks: WebhookConfigOutput, changed: Type.Array(Type.String()) }),
  handler: async (args, { services }) => {
    const { endpoint, changed } = await services.webhookEndpoints.configure(args);
    return { webhooks: endpointPayload(endpoint, services.secrets), changed };
  },
});
