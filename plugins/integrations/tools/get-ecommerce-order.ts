import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { orderPayload } from '../services/payloads.js';
import { customerKeyArgs } from './args.js';
import { OrderOutput, PlatformArg } from './outputs.js';

export const getEcommerceOrder = defineTool({
  name: 'get_ecommerce_order',
  title: 'Get storefront order',
  description:
    "One order read from the store now, by order_id or order_number. When a customer asks, pass their phone or email: another customer's order is refused (order_not_for_customer) and must not be shared.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    order_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    order_number: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...customerKeyArgs,
    platform_type: Type.Optional(PlatformArg),
  }),
  output: Type.Object({ platform_type: PlatformArg, order: OrderOutput }),
  handler: async ({ order_id, order_number, phone, email, platform_type }, { services }) => {
    const { platform, order } = await services.ecommerceLookups.getOrder(
      { id: order_id, number: order_number, phone, email },
      platform_type,
    );
    return { platform_type: platform, order: orderPayload(order) };
  },
});
