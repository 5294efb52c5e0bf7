import { Nullable, DateTime, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { DeliveryOutput } from './outputs.js';

export const getWebhookDelivery = defineTool({
  name: 'get_webhook_delivery',
  title: 'Get webhook delivery',
  description:
    'One delivery: the envelope as sent, every attempt (time, trigger, status, duration, error, first KB of the answer) and the next attempt.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ delivery_id: Type.String({ minLength: 5, maxLength: 40 }) }),
  output: Type.Object({
    delivery: Type.Object({
      ...DeliveryOutput.properties,
      payload: Type.Unknown(),
      attempt_log: Type.Array(
        Type.Object({
          at: DateTime(),
          trigger: Type.String(),
          succeeded: Type.Boolean(),
          status_code: Nullable(Type.Integer()),
          duration_ms: Type.Integer(),
          error: Nullable(Type.String()),
          response_excerpt: Nullable(Type.String()),
        }),
      ),
    }),
  }),
  handler: async ({ delivery_id }, { services }) => ({
    delivery: await services.advancedWebhookDeliveries.get(delivery_id),
  }),
});
