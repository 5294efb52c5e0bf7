import { Type, parseShopDay, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { ORDER_STATUSES } from '../services/connectors/types.js';
import { orderPayload } from '../services/payloads.js';
import { customerKeyArgs } from './args.js';
import { OrderOutput, PlatformArg } from './outputs.js';

export const listEcommerceOrders = defineTool({
  name: 'list_ecommerce_orders',
  title: 'List storefront orders',
  description:
    'A customer\'s orders, read from the store now ("where is my order"), by phone, email or customer_id, newest first, with a status common to all platforms, payment, fulfilment, tracking and totals.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    ...customerKeyArgs,
    customer_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(Type.Union(ORDER_STATUSES.map((s) => Type.Literal(s)))),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 10 })),
    platform_type: Type.Optional(PlatformArg),
  }),
  output: Type.Object({ platform_type: PlatformArg, orders: Type.Array(OrderOutput), count: Type.Integer() }),
  handler: async (args, { services, shop }) => {
    const { platform, orders } = await services.ecommerceLookups.listOrders(
      {
        phone: args.phone,
        email: args.email,
        customerId: args.customer_id,
        status: args.status,
        dateFrom:
          args.date_from === undefined ? undefined : parseShopDay(args.date_from, shop.timezone, 'date_from', 'start'),
        dateTo: args.date_to === undefined ? undefined : parseShopDay(args.date_to, shop.timezone, 'date_to', 'end'),
        limit: args.limit ?? 10,
      },
      args.platform_type,
    );
    return { platform_type: platform, orders: orders.map(orderPayload), count: orders.length };
  },
});
