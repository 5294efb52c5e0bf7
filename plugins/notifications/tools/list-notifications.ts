import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { toRecipientId } from '../entities/values.js';
import { NotificationPage, NotificationTypeArg, Recipient } from './outputs.js';

export const listNotifications = defineTool({
  name: 'list_notifications',
  title: 'List notifications',
  description:
    "A recipient's notifications, latest activity first, with unread_count. Repeats fold into one notification whose count grows; snoozed ones are hidden until they wake.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    recipient: Recipient,
    unread_only: Type.Boolean({ default: false }),
    type: Type.Optional(NotificationTypeArg),
    include_snoozed: Type.Boolean({ default: false }),
    ...PagingArgs,
  }),
  output: NotificationPage,
  handler: async ({ recipient, limit, offset, ...filters }, { services }) =>
    services.notificationInboxService.list(toRecipientId(recipient), filters, { limit: limit!, offset: offset! }),
});
