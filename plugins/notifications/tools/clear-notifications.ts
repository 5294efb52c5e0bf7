import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { toRecipientId } from '../entities/values.js';
import { Recipient } from './outputs.js';

export const clearNotifications = defineTool({
  name: 'clear_notifications',
  title: 'Clear notifications',
  description: "Deletes a recipient's read notifications, or all with read_only: false.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ recipient: Recipient, read_only: Type.Boolean({ default: true }) }),
  output: Type.Object({ deleted: Type.Integer({ minimum: 0 }) }),
  handler: async ({ recipient, read_only }, { services }) =>
    services.notificationInboxService.clear(toRecipientId(recipient), read_only!),
});
