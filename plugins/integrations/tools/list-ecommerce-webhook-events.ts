import { PagingArgs, pageOutput, pageOf, Type, parseShopDay, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { INBOUND_SOURCES, INBOUND_STATUSES } from '../entities/values.js';
import { eventPayload } from '../services/payloads.js';
import { EventOutput, PlatformArg } from './outputs.js';

export const listEcommerceWebhookEvents = defineTool({
  name: 'list_ecommerce_webhook_events',
  title: 'List storefront events',
  description:
    'The inbound log of store changes (webhooks and polling), newest first, one row per platform event with repeats counted. Kept 30 days.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    platform_type: Type.Optional(PlatformArg),
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    status: Type.Optional(Type.Union(INBOUND_STATUSES.map((s) => Type.Literal(s)))),
    source: Type.Optional(Type.Union(INBOUND_SOURCES.map((s) => Type.Literal(s)))),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('events', EventOutput),
  handler: async (args, { services, shop }) => {
    const paging = { limit: args.limit ?? 20, offset: args.offset ?? 0 };
    const { events, count } = await services.ecommerceFeed.list(
      {
        platform: args.platform_type,
        topic: args.topic,
        status: args.status,
        source: args.source,
        dateFrom:
          args.date_from === undefined ? undefined : parseShopDay(args.date_from, shop.timezone, 'date_from', 'start'),
        dateTo: args.date_to === undefined ? undefined : parseShopDay(args.date_to, shop.timezone, 'date_to', 'end'),
      },
      paging,
    );
    return pageOf('events', events.map(eventPayload), count, paging);
  },
});
