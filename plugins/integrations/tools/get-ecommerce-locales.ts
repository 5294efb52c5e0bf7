import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { localesPayload } from '../services/payloads.js';
import { LocalesOutput, PlatformArg } from './outputs.js';

const Source = Type.Union([
  Type.Literal('fixed'),
  Type.Literal('detected'),
  Type.Literal('fallback'),
  Type.Literal('primary'),
]);

export const getEcommerceLocales = defineTool({
  name: 'get_ecommerce_locales',
  title: 'Get storefront languages',
  description:
    'The languages the store publishes and the locale settings; with detected_locale, which language the assistant would use and why.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    platform_type: Type.Optional(PlatformArg),
    detected_locale: Type.Optional(Type.String({ maxLength: 16 })),
  }),
  output: Type.Object({
    platform_type: PlatformArg,
    locales: LocalesOutput,
    resolved: Nullable(
      Type.Object({
        locale: Nullable(Type.String()),
        content_locale: Nullable(Type.String()),
        source: Source,
        content_source: Source,
      }),
    ),
  }),
  handler: async ({ platform_type, detected_locale }, { services }) => {
    const connection = await services.ecommerceConnections.require(platform_type);
    return {
      platform_type: connection.platformType,
      locales: localesPayload(connection),
      resolved:
        detected_locale === undefined
          ? null
          : services.ecommerceLocales.resolve(connection, detected_locale.trim() || null),
    };
  },
});
