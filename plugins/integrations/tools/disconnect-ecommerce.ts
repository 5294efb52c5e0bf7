import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PlatformArg } from './outputs.js';

export const disconnectEcommerce = defineTool({
  name: 'disconnect_ecommerce',
  title: 'Disconnect storefront',
  description:
    'Removes a storefront connection: the webhooks this server registered (best effort, webhook_error), then the credentials. purge_catalog also drops the products synced from it.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
  input: Type.Object({ platform_type: PlatformArg, purge_catalog: Type.Optional(Type.Boolean({ default: false })) }),
  output: Type.Object({
    platform_type: PlatformArg,
    store_url: Type.String(),
    webhooks_removed: Type.Integer(),
    webhook_error: Nullable(Type.String()),
  }),
  handler: async ({ platform_type, purge_catalog }, { services }) => ({
    ...(await services.ecommerceConnections.disconnect(platform_type, purge_catalog ?? false)),
  }),
});
