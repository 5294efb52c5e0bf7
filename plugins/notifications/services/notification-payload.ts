import { isoOrNull } from '../../../core/index.js';
import type { Notification } from '../entities/notification.entity.js';
import { toRecipient } from '../entities/values.js';
import type { NotificationPayload } from '../tools/outputs.js';

export function notificationPayload(n: Notification, now = new Date()): NotificationPayload {
  return {
    id: n.id,
    recipient: toRecipient(n.agentId),
    type: n.type,
    title: n.title,
    body: n.body ?? null,
    resource: n.resourceType && n.resourceId ? { type: n.resourceType, id: n.resourceId } : null,
    count: n.count,
    read: n.readAt != null,
    read_at: isoOrNull(n.readAt),
    snoozed: n.snoozedUntil != null && n.snoozedUntil > now,
    snoozed_until: isoOrNull(n.snoozedUntil),
    created_at: n.createdAt.toISOString(),
    last_activity_at: n.lastActivityAt.toISOString(),
  };
}
