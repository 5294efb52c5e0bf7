import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { localesPayload } from '../services/payloads.js';
import { localeArgs } from './args.js';
import { LocalesOutput } from './outputs.js';

export const configureEcommerceLocales = defineTool({
  name: 'configure_ecommerce_locales',
  title: 'Configure storefront languages',
  description:
    'Languages used with the ecomA (Shopify) store. Partial update: only the fields sent change. ecomA_locale_mode (auto default, fixed) is the language the assistant speaks; ecomA_fixed_locale only when that mode is fixed (fixed needs it). ecomA_content_locale_mode and ecomA_content_fixed_locale are the same for product texts and links. ecomA_fallback_locale is used when the customer’s language cannot be detected or the store does not publish it. Every locale must be one the store publishes (the error lists them). Needs an ecomA connection.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object(localeArgs),
  output: Type.Object({ locales: LocalesOutput, changed: Type.Array(Type.String()) }),
  handler: async (args, { services }) => {
    const { connection, changed } = await services.ecommerceLocales.configure(args);
    return { locales: localesPayload(connection), changed };
  },
});
