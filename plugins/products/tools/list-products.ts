import { PagingArgs, pageOf, pageOutput, Type, RangeBoundArg, parseShopDay } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PRODUCT_STATUSES } from '../entities/values.js';
import { productPayload } from '../services/payloads.js';
import { ProductOutput } from './outputs.js';

export const listProducts = defineTool({
  name: 'list_products',
  title: 'List products',
  description: 'The synced catalogue by title, with brand facets; without status, all but deleted.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Union(PRODUCT_STATUSES.map((s) => Type.Literal(s)))),
    in_stock: Type.Optional(Type.Boolean()),
    brand: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    updated_since: Type.Optional(RangeBoundArg('Updated at or after this.')),
    ...PagingArgs,
  }),
  output: pageOutput('products', ProductOutput, {
    brands: Type.Array(Type.Object({ brand: Type.String(), count: Type.Integer() })),
  }),
  handler: async (args, { services, shop }) => {
    const paging = { limit: args.limit ?? 20, offset: args.offset ?? 0 };
    const { products, count, brands } = await services.productsService.list(
      {
        status: args.status,
        inStock: args.in_stock,
        brand: args.brand,
        updatedSince: args.updated_since
          ? parseShopDay(args.updated_since, shop.timezone, 'updated_since', 'start')
          : undefined,
      },
      paging,
    );
    return { ...pageOf('products', products.map(productPayload), count, paging), brands };
  },
});
