import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { connectionPayload } from '../services/payloads.js';
import { credentialArgs, platformEnabledArg } from './args.js';
import { ConnectionOutput, PlatformArg } from './outputs.js';

const { ecomA_token, ecomB_consumer_key, ecomB_consumer_secret, ecomC_api_key, ecomD_app_key, ecomD_app_token } =
  credentialArgs;

export const updateEcommerceConnection = defineTool({
  name: 'update_ecommerce_connection',
  title: 'Update storefront connection',
  description:
    "Rotates a connection's credentials for the same store (checked first; another store needs connect_ecommerce), switches it on or off for the assistant, or sets Shopify's ecomA_webhook_secret so webhooks replace polling.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  input: Type.Object({
    platform_type: PlatformArg,
    ecomA_token,
    ecomA_webhook_secret: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 200,
        secret: true,
        description: 'ecomA: the app’s client secret, which signs Shopify’s webhooks.',
      }),
    ),
    ecomB_consumer_key,
    ecomB_consumer_secret,
    ecomC_api_key,
    ecomD_app_key,
    ecomD_app_token,
    platform_enabled: platformEnabledArg,
  }),
  output: Type.Object({ connection: ConnectionOutput, changed: Type.Array(Type.String()) }),
  handler: async (args, { services }) => {
    const { connection, changed } = await services.ecommerceConnections.update(args);
    return { connection: connectionPayload(connection), changed };
  },
});
