import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PlatformArg } from './outputs.js';

export const syncEcommerceChanges = defineTool({
  name: 'sync_ecommerce_changes',
  title: 'Read storefront changes now',
  description:
    'Polls the store now for product and order changes since the last poll instead of waiting; also a catch-up for webhook connections. A store error comes in the answer and leaves the cursor.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  transactional: false,
  input: Type.Object({ platform_type: Type.Optional(PlatformArg) }),
  output: Type.Object({
    platform_type: PlatformArg,
    since: Type.String(),
    products_changed: Type.Integer(),
    orders_changed: Type.Integer(),
    new_events: Type.Integer(),
    error: Nullable(Type.String()),
  }),
  handler: async ({ platform_type }, ctx) => {
    const connection = await ctx.services.ecommerceConnections.require(platform_type);
    return { ...(await ctx.services.ecommerceFeed.poll(connection.platformType, (work) => ctx.transaction(work))) };
  },
});
