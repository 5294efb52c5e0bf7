import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { messagePayload } from '../services/payloads.js';
import { messageIdArg, outboundArgs } from './args.js';
import { MessageOutput } from './outputs.js';

export const updateScheduledEmail = defineTool({
  name: 'update_scheduled_email',
  title: 'Update scheduled email',
  description:
    'Changes a mail while it is still scheduled: recipients, subject, body, attachments or time (null sends it now).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ message_id: messageIdArg, ...outboundArgs }),
  output: Type.Object({ message: MessageOutput }),
  handler: async ({ message_id, ...fields }, { services }) => ({
    message: messagePayload(await services.emailComposeService.updateScheduled(message_id, fields), true),
  }),
});
