import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { toRecipientId } from '../entities/values.js';
import { NotificationOutput, Recipient } from './outputs.js';

export const sendNotification = defineTool({
  name: 'send_notification',
  title: 'Send notification',
  description:
    'An announcement to the owner and/or agents, also to the phones of those who chose so; those who turned announcements off are listed in skipped.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    recipients: Type.Array(Recipient, { minItems: 1, maxItems: 50 }),
    title: Type.String({ minLength: 1, maxLength: 120 }),
    body: Type.Optional(Type.String({ maxLength: 2000 })),
  }),
  output: Type.Object({ notifications: Type.Array(NotificationOutput), skipped: Type.Array(Recipient) }),
  handler: async ({ recipients, title, body }, { services }) =>
    services.notificationsService.announce(recipients.map(toRecipientId), title, body ?? null),
});
