import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { productPayload, variantPayload } from '../services/payloads.js';
import { ProductOutput, VariantOutput } from './outputs.js';

export const getProduct = defineTool({
  name: 'get_product',
  title: 'Get product',
  description:
    "One synced product by product_id, external_id, sku or handle: description, images, translations, the shop's notes, variants with price and stock, and its FAQs.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    product_id: Type.Optional(Type.Integer({ minimum: 1 })),
    external_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    sku: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    handle: Type.Optional(Type.String({ minLength: 1, maxLength: 300 })),
  }),
  output: Type.Object({
    product: Type.Object({
      ...ProductOutput.properties,
      description_html: Nullable(Type.String()),
      images: Type.Array(Type.String()),
      translations: Type.Record(
        Type.String(),
        Type.Object({ title: Type.Optional(Type.String()), descriptionHtml: Type.Optional(Type.String()) }),
      ),
      variants: Type.Array(VariantOutput),
      faqs: Type.Array(Type.Object({ question_id: Type.Integer(), question: Type.String(), answer: Type.String() })),
    }),
  }),
  handler: async (args, { services }) => {
    const { product, variants } = await services.productsService.get(args);
    return {
      product: {
        ...productPayload(product),
        description_html: product.descriptionHtml ?? null,
        images: product.images,
        translations: product.translations,
        variants: variants.map(variantPayload),
        faqs: (await services.productQuestions.published(product.id)).map((q) => ({
          question_id: q.id,
          question: q.question,
          answer: q.answer ?? '',
        })),
      },
    };
  },
});
