import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ProductQaConfigOutput } from './outputs.js';

export const configurePluginProductqa = defineTool({
  name: 'configure_plugin_productqa',
  title: 'Configure the product-question widget',
  description:
    'Changes the product-question widget on product pages: visitors read product FAQs and ask; with faq_enabled, confident answers are published as FAQs.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    plugin_type: Type.Literal('product-qa', { description: 'The only value: product-qa.' }),
    is_enabled: Type.Boolean(),
    allowed_domains: Type.Optional(
      Type.String({
        maxLength: 5_000,
        description: 'Comma-separated sites (shop.example, *.shop.example); "" allows any site.',
      }),
    ),
    faq_enabled: Type.Optional(Type.Boolean({ description: 'Publish confident answers as FAQs automatically.' })),
    faq_max_per_product: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Default 5.' })),
  }),
  output: Type.Object({ plugin: ProductQaConfigOutput, changed: Type.Array(Type.String()) }),
  handler: async ({ plugin_type: _type, ...changes }, { services }) =>
    services.widgetConfigService.configureProductQa(changes),
});
