import { DateTime, Type, RangeBoundArg } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const recoverFailedWebhooks = defineTool({
  name: 'recover_failed_webhooks',
  title: 'Recover failed webhooks',
  description:
    'Requeues every exhausted delivery created between since and until (at most 30 days back) from the start of the retry schedule, keeping delivery ids: after a receiver outage or re-enabling the endpoint.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    since: RangeBoundArg(),
    until: Type.Optional(RangeBoundArg('Default now.')),
  }),
  output: Type.Object({ requeued: Type.Integer(), since: DateTime(), until: DateTime() }),
  handler: async ({ since, until }, { services }) => services.advancedWebhookDeliveries.recover(since, until),
});
