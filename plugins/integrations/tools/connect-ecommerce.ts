import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { connectionPayload } from '../services/payloads.js';
import { PLATFORM_NAMES } from '../services/connectors/types.js';
import { credentialArgs, localeArgs, platformEnabledArg } from './args.js';
import { ConnectionOutput, PlatformArg } from './outputs.js';

export const connectEcommerce = defineTool({
  name: 'connect_ecommerce',
  title: 'Connect storefront',
  description:
    'Connects the shop’s storefront so the assistant can look up orders and customers and the catalogue can sync. platform_type picks the platform and its fields, all required unless marked: ecomA (Shopify): ecomA_url, ecomA_token; ecomB (WooCommerce): ecomB_store_url, ecomB_consumer_key, ecomB_consumer_secret; ecomC (PrestaShop): ecomC_store_url, ecomC_api_key; ecomD (VTEX): ecomD_account_name, ecomD_app_key, ecomD_app_token, ecomD_store_url (optional, generated). Send only the chosen platform’s fields. Store URLs must be HTTPS. The credentials are checked against the store before anything else: wrong ones fail at once (connection_failed). ecomA also takes the locale fields of configure_ecommerce_locales. A second connect of the same platform replaces it. Needs confirmation: call again with confirm: true.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: true },
  confirmation: 'agent',
  input: Type.Object({
    platform_type: PlatformArg,
    ...credentialArgs,
    platform_enabled: platformEnabledArg,
    ...localeArgs,
  }),
  precheck: async (args, { services }) => {
    await services.ecommerceConnections.check(args);
  },
  summary: async (args, { services }) => {
    const info = services.ecommerceConnections.probed(args.platform_type);
    const existing = await services.ecommerceConnections.find(args.platform_type);
    const store = info
      ? `“${info.name}”${info.currency ? ` (${info.currency}${info.productCount !== null ? `, ${info.productCount} products` : ''})` : ''}`
      : 'the store';
    return `${existing ? 'Replace the' : 'Connect the'} ${PLATFORM_NAMES[args.platform_type]} store ${store}${existing ? ` (now ${existing.storeName})` : ''}${args.platform_enabled && /^(false|0|no|off)/i.test(args.platform_enabled) ? ', not enabled for the assistant' : ', as the store the assistant uses'}.`;
  },
  output: Type.Object({ connection: ConnectionOutput, replaced: Type.Boolean() }),
  handler: async (args, { services }) => {
    const { connection, replaced } = await services.ecommerceConnections.connect(args);
    return { connection: connectionPayload(connection), replaced };
  },
});
