import { MoneyArg, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { productPayload } from '../services/payloads.js';
import { ProductOutput } from './outputs.js';

export const searchProducts = defineTool({
  name: 'search_products',
  title: 'Search products',
  description:
    "Finds active products for a customer's words, tolerant of typos and accents: exact SKU or barcode first, then all words, then close spellings. Products hidden from the assistant are never found.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    query: Type.String({ minLength: 1, maxLength: 200 }),
    in_stock_only: Type.Optional(Type.Boolean()),
    price_min: Type.Optional(MoneyArg("Lowest price, in the store's currency.")),
    price_max: Type.Optional(MoneyArg("Highest price, in the store's currency.")),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 10 })),
  }),
  output: Type.Object({
    results: Type.Array(
      Type.Object({
        product: ProductOutput,
        match: Type.Union([Type.Literal('sku'), Type.Literal('text'), Type.Literal('fuzzy')]),
        score: Type.Number(),
      }),
    ),
    count: Type.Integer(),
  }),
  handler: async ({ query, in_stock_only, price_min, price_max, limit }, { services }) => {
    const hits = await services.productSearch.search(query, {
      inStockOnly: in_stock_only,
      priceMin: price_min,
      priceMax: price_max,
      limit: limit ?? 10,
    });
    return {
      results: hits.map((h) => ({ product: productPayload(h.product), match: h.match, score: h.score })),
      count: hits.length,
    };
  },
});
