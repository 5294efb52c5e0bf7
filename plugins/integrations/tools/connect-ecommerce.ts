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
    "Connects the shop's storefront for order and customer look-ups and catalogue sync. platform_type picks ecomA (Shopify), ecomB (WooCommerce), ecomC (PrestaShop) or ecomD (VTEX); send only its fields, all required except ecomD_store_url and the locale fields. Credentials are checked with the store first. Connecting the same platform again replaces it.",
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
