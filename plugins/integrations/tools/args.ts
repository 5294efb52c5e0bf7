import { Type } from '../../../core/index.js';
import { LOCALE_MODES } from '../entities/values.js';

const secret = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 500, secret: true, description }));
const text = (description: string, maxLength = 500) =>
  Type.Optional(Type.String({ minLength: 1, maxLength, description }));
const mode = (description: string) =>
  Type.Optional(
    Type.Union(
      LOCALE_MODES.map((m) => Type.Literal(m)),
      { description },
    ),
  );
const locale = (description: string) => Type.Optional(Type.String({ minLength: 2, maxLength: 16, description }));

/** The ecomA locale fields, shared by connect_ecommerce and configure_ecommerce_locales. */
export const localeArgs = {
  ecomA_locale_mode: mode("The language the assistant speaks: auto (the customer's) or fixed."),
  ecomA_fixed_locale: locale('With ecomA_locale_mode fixed: a published locale (es, pt-BR…).'),
  ecomA_content_locale_mode: mode('The language of product texts and links.'),
  ecomA_content_fixed_locale: locale('Only with ecomA_content_locale_mode fixed.'),
  ecomA_fallback_locale: locale(
    'Used when the customer’s language cannot be detected or the store does not publish it.',
  ),
};

/** Each platform's credentials; secrets are sealed at rest and never shown again. */
export const credentialArgs = {
  ecomA_url: text('ecomA (Shopify): the store, as acme.myshopify.com, its URL, or the handle acme.', 300),
  ecomA_token: secret('ecomA: the Admin API access token (shpat_…).'),
  ecomB_store_url: text('ecomB (WooCommerce): the store’s HTTPS URL (with its folder, if WordPress is in one).', 300),
  ecomB_consumer_key: secret('ecomB: the REST API consumer key (ck_…).'),
  ecomB_consumer_secret: secret('ecomB: the REST API consumer secret (cs_…).'),
  ecomC_store_url: text('ecomC (PrestaShop): the store’s HTTPS URL.', 300),
  ecomC_api_key: secret('ecomC: the Webservice key, with GET on the resources test_ecommerce_connection lists.'),
  ecomD_account_name: text('ecomD (VTEX): the account name.', 63),
  ecomD_app_key: secret('ecomD: the application key (vtexappkey-…).'),
  ecomD_app_token: secret('ecomD: the application token.'),
  ecomD_store_url: text('ecomD: the storefront URL; generated as https://{account}.myvtex.com when left out.', 300),
};

export const platformEnabledArg = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 10,
    description: '"true": the connection the assistant uses (others are switched off); "false": kept unused.',
  }),
);

export const customerKeyArgs = {
  phone: Type.Optional(Type.String({ minLength: 6, maxLength: 32 })),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254, format: 'email' })),
};
