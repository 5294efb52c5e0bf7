import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { localesPayload } from '../services/payloads.js';
import { localeArgs } from './args.js';
import { LocalesOutput } from './outputs.js';

export const configureEcommerceLocales = defineTool({
  name: 'configure_ecommerce_locales',
  title: 'Configure storefront languages',
  description:
    'Sets the languages used with the ecomA (Shopify) store. Each locale must be one the store publishes (the error lists them).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object(localeArgs),
  output: Type.Object({ locales: LocalesOutput, changed: Type.Array(Type.String()) }),
  handler: async (args, { services }) => {
    const { connection, changed } = await services.ecommerceLocales.configure(args);
    return { locales: localesPayload(connection), changed };
  },
});
