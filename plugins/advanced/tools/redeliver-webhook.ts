import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AttemptReportOutput } from './outputs.js';

export const redeliverWebhook = defineTool({
  name: 'redeliver_webhook',
  title: 'Redeliver webhook',
  description:
    'Sends one delivery again now, with the same delivery id (receivers deduplicate on it) and a fresh timestamp and signature, and reports the answer. A success marks it succeeded; a failure leaves its state and schedule as they were.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  transactional: false,
  input: Type.Object({ delivery_id: Type.String({ minLength: 5, maxLength: 40 }) }),
  output: Type.Object({ attempt: AttemptReportOutput }),
  handler: async ({ delivery_id }, { services }) => ({
    attempt: await services.webhookSender.redeliver(delivery_id),
  }),
});
