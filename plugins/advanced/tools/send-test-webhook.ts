import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AttemptReportOutput } from './outputs.js';

export const sendTestWebhook = defineTool({
  name: 'send_test_webhook',
  title: 'Send a test webhook',
  description:
    "Sends one signed webhook.test event now to the configured URL (even disabled), once, and reports the receiver's answer (status, time, first KB, headers sent).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  transactional: false,
  input: Type.Object({
    event_type: Type.Optional(
      Type.String({
        minLength: 3,
        maxLength: 60,
        description: 'Recorded in data.sample_of; the type sent is webhook.test.',
      }),
    ),
  }),
  output: Type.Object({ attempt: AttemptReportOutput }),
  handler: async ({ event_type = 'webhook.test' }, { services }) => ({
    attempt: await services.advancedWebhookSender.sendTest(event_type),
  }),
});
