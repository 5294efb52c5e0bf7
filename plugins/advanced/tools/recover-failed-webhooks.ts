import { DateTime, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const recoverFailedWebhooks = defineTool({
  name: 'recover_failed_webhooks',
  title: 'Recover failed webhooks',
  description:
    'Requeues every exhausted delivery created in the window (since up to until, default now; at most 30 days back), each with its original delivery id, from the first step of the retry schedule: after a receiver outage or after re-enabling a disabled endpoint. Failed deliveries already have their next attempt scheduled and are left to it. Times: YYYY-MM-DD HH:MM:SS in the shop’s timezone, or ISO 8601.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    since: Type.String({ minLength: 10, maxLength: 40 }),
    until: Type.Optional(Type.String({ minLength: 10, maxLength: 40 })),
  }),
  output: Type.Object({ requeued: Type.Integer(), since: DateTime(), until: DateTime() }),
  handler: async ({ since, until }, { services }) => services.webhookDeliveries.recover(since, until),
});
