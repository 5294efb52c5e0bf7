import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PRODUCT_STATUSES } from '../entities/values.js';
import { productPayload } from '../services/payloads.js';
import { ProductOutput } from './outputs.js';

export const listProducts = defineTool({
  name: 'list_products',
  title: 'List products',
  description:
    'The synced catalogue by title: status (active, draft, archived, deleted; all but deleted by default), in_stock, brand, updated_since (the store’s update time, ISO 8601). The brands come back as facets.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Union(PRODUCT_STATUSES.map((s) => Type.Literal(s)))),
    in_stock: Type.Optional(Type.Boolean()),
    brand: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    updated_since: Type.Optional(Type.String({ format: 'date-time' })),
    ...PagingArgs,
  }),
  output: pageOutput('products', ProductOutput, {
    brands: Type.Array(Type.Object({ brand: Type.String(), count: Type.Integer() })),
  }),
  handler: async (args, { services }) => {
    const paging = { limit: args.limit ?? 20, offset: args.offset ?? 0 };
    const { products, count, brands } = await services.productsService.list(
      {
        status: args.status,
        inStock: args.in_stock,
        brand: args.brand,
        updatedSince: args.updated_since ? new Date(args.updated_since) : undefined,
      },
      paging,
    );
    return { ...pageOf('products', products.map(productPayload), count, paging), brands };
  },
});
