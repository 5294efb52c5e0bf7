import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PlatformArg } from './outputs.js';

export const syncEcommerceChanges = defineTool({
  name: 'sync_ecommerce_changes',
  title: 'Read storefront changes now',
  description:
    'Asks the store now what changed since the last poll (less a one-minute overlap) instead of waiting for the next one: products and orders, each logged once and passed on (the catalogue resyncs changed products). Works for webhook connections too, as a catch-up. A store error is reported in the answer (error) and leaves the cursor where it was.',
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
