import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { availableTypes, WEBHOOK_API_VERSION } from '../services/webhooks/event-catalogue.js';

export const listWebhookEventTypes = defineTool({
  name: 'list_webhook_event_types',
  title: 'List webhook event types',
  description:
    'The event types configure_webhooks accepts on this server, each with the domain event its `data` carries in the envelope { id, type, created_at, shop_id, api_version, data }.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({
    api_version: Type.String(),
    event_types: Type.Array(
      Type.Object({
        type: Type.String(),
        group: Type.String(),
        source_event: Nullable(Type.String()),
        description: Type.String(),
      }),
    ),
  }),
  handler: async (_args, { services }) => ({
    api_version: WEBHOOK_API_VERSION,
    event_types: availableTypes(services.kernelCatalog.names()).map((t) => ({
      type: t.type,
      group: t.group,
      source_event: t.source,
      description: t.description,
    })),
  }),
});
