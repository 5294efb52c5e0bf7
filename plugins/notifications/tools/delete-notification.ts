import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const deleteNotification = defineTool({
  name: 'delete_notification',
  title: 'Delete notification',
  description: 'Deletes one notification and its waiting phone delivery.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({ notification_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ deleted: Type.Literal(true), id: Type.Integer() }),
  handler: async ({ notification_id }, { services }) => services.notificationInboxService.delete(notification_id),
});
