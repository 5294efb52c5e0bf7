import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AttemptReportOutput } from './outputs.js';

export const redeliverWebhook = defineTool({
  name: 'redeliver_webhook',
  title: 'Redeliver webhook',
  description:
    'Sends one delivery again now with the same delivery id and a fresh signature, and reports the answer. Success marks it succeeded; failure leaves its schedule.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  transactional: false,
  input: Type.Object({ delivery_id: Type.String({ minLength: 5, maxLength: 40 }) }),
  output: Type.Object({ attempt: AttemptReportOutput }),
  handler: async ({ delivery_id }, { services }) => ({
    attempt: await services.advancedWebhookSender.redeliver(delivery_id),
  }),
});
