import type { RetentionRule } from '../../../core/index.js';
import type { NotificationsConfig } from '../config.js';

/** Read notifications and finished phone deliveries go after a while; unread ones stay until read. */
export const notificationsRetention: RetentionRule<NotificationsConfig>[] = [
  {
    table: 'notifications',
    column: 'last_activity_at',
    where: `"read_at" is not null`,
    days: (config) => config.readRetentionDays,
  },
  {
    table: 'notification_deliveries',
    column: 'updated_at',
    where: `"status" in ('sent', 'failed', 'cancelled')`,
    days: (config) => config.deliveryRetentionDays,
  },
];
