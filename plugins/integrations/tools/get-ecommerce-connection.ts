import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { connectionPayload } from '../services/payloads.js';
import { ConnectionOutput, PlatformArg } from './outputs.js';

export const getEcommerceConnection = defineTool({
  name: 'get_ecommerce_connection',
  title: 'Get storefront connection',
  description:
    'One storefront connection (the platform named, or the enabled one): store details, status and last error, masked credentials, webhooks or polling, locale settings.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ platform_type: Type.Optional(PlatformArg) }),
  output: Type.Object({ connection: ConnectionOutput }),
  handler: async ({ platform_type }, { services }) => ({
    connection: connectionPayload(await services.ecommerceConnections.require(platform_type)),
  }),
});
