import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { connectionPayload } from '../services/payloads.js';
import { ConnectionOutput, PlatformArg } from './outputs.js';

export const resyncEcommerceWebhooks = defineTool({
  name: 'resync_ecommerce_webhooks',
  title: 'Re-register storefront webhooks',
  description:
    "Registers this server's webhooks with the store again at the current public address (after a URL change or deleted webhooks). Where webhooks cannot work the connection polls (webhooks_note says why).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ platform_type: PlatformArg }),
  output: Type.Object({ connection: ConnectionOutput }),
  handler: async ({ platform_type }, { services }) => ({
    connection: connectionPayload(await services.ecommerceConnections.resyncHooks(platform_type)),
  }),
});
