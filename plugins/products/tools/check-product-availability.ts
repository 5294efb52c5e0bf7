import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const checkProductAvailability = defineTool({
  name: 'check_product_availability',
  title: 'Check product availability',
  description:
    'Whether a product can be bought now for the options asked (all variants when none), read live from the store and refreshing the catalogue. If the store does not answer, stored figures come back marked stale; live false reads only those.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    product_id: Type.Optional(Type.Integer({ minimum: 1 })),
    sku: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    options: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 200 }))),
    live: Type.Optional(Type.Boolean({ default: true })),
  }),
  output: Type.Object({
    product_id: Type.Integer(),
    live: Type.Boolean(),
    stale: Type.Boolean(),
    checked_at: Type.String(),
    age_seconds: Type.Integer(),
    error: Nullable(Type.String()),
    available: Type.Boolean(),
    variants: Type.Array(
      Type.Object({
        variant_id: Type.String(),
        sku: Nullable(Type.String()),
        options: Type.Record(Type.String(), Type.String()),
        price: Nullable(Type.String()),
        stock: Nullable(Type.Integer()),
        available: Type.Boolean(),
      }),
    ),
  }),
  handler: async ({ product_id, sku, options, live }, ctx) => ({
    ...(await ctx.services.productAvailability.check({ product_id, sku }, options ?? {}, live ?? true, (work) =>
      ctx.transaction(work),
    )),
  }),
});
