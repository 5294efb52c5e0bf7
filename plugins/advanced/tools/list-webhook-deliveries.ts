import { PagingArgs, pageOf, pageOutput, Type, RangeBoundArg } from '../../../core/index.js';
import { DELIVERY_STATUSES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { DeliveryOutput } from './outputs.js';

export const listWebhookDeliveries = defineTool({
  name: 'list_webhook_deliveries',
  title: 'List webhook deliveries',
  description:
    'Webhook deliveries, newest first, kept 30 days; exhausted ones can be requeued with recover_failed_webhooks.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Enum([...DELIVERY_STATUSES])),
    event_type: Type.Optional(Type.String({ minLength: 3, maxLength: 60 })),
    date_from: Type.Optional(RangeBoundArg()),
    date_to: Type.Optional(RangeBoundArg()),
    ...PagingArgs,
  }),
  output: pageOutput('deliveries', DeliveryOutput),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) => {
    const { rows, count } = await services.advancedWebhookDeliveries.list(filters, { limit, offset });
    return pageOf('deliveries', rows, count, { limit, offset });
  },
});
