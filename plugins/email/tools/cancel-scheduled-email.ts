import { NoEffectArg, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountIdArg, messageIdArg, outboundArgs } from './args.js';

export const cancelScheduledEmail = defineTool({
  name: 'cancel_scheduled_email',
  title: 'Cancel scheduled email',
  description: 'Deletes a mail while it is still scheduled, so it is never sent.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  action: 'cancel_scheduled',
  confirmation: 'agent',
  // The mail's other fields are accepted as update_scheduled_email takes them, and not read.
  input: Type.Object({
    message_id: messageIdArg,
    ...Object.fromEntries(Object.entries(outboundArgs).map(([name, schema]) => [name, NoEffectArg(schema)])),
    account_id: NoEffectArg(accountIdArg),
  }),
  precheck: async ({ message_id }, { services }) => {
    await services.emailComposeService.scheduled(message_id, 'cancelled');
  },
  summary: async ({ message_id }, { services }) => {
    const message = await services.emailComposeService.scheduled(message_id, 'cancelled');
    return `Delete the mail "${message.subject}" to ${message.toAddresses.map((a) => a.address).join(', ')} scheduled for ${message.scheduledAt?.toISOString()}; it will not be sent.`;
  },
  output: Type.Object({ deleted: Type.Boolean(), id: Type.Integer() }),
  handler: async ({ message_id }, { services }) => services.emailComposeService.cancelScheduled(message_id),
});
