import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { DELIVERY_STATUSES } from '../entities/values.js';
import { defineTool } from '../define.js';
import { DeliveryOutput } from './outputs.js';

export const listWebhookDeliveries = defineTool({
  name: 'list_webhook_deliveries',
  title: 'List webhook deliveries',
  description:
    'The shop’s webhook deliveries, newest first, kept 30 days. status: pending (an attempt is due), succeeded, failed (the last attempt failed; next_attempt_at says when the next one goes) or exhausted (no attempt left: recover_failed_webhooks requeues it). date_from/date_to: creation time (YYYY-MM-DD HH:MM:SS in the shop’s timezone, or ISO 8601).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Enum([...DELIVERY_STATUSES])),
    event_type: Type.Optional(Type.String({ minLength: 3, maxLength: 60 })),
    date_from: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
    date_to: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
    ...PagingArgs,
  }),
  output: pageOutput('deliveries', DeliveryOutput),
  handler: async ({ limit = 20, offset = 0, ...filters }, { services }) => {
    const { rows, count } = await services.webhookDeliveries.list(filters, { limit, offset });
    return pageOf('deliveries', rows, count, { limit, offset });
  },
});
