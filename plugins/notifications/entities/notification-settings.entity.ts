import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import type { NotificationType, QuietHours, TypeSetting } from './values.js';

/** One recipient's choices (agentId 0: the owner); no row means the defaults. */
export const NotificationSettings = defineEntity({
  name: 'NotificationSettings',
  tableName: 'notification_settings',
  uniques: [{ properties: ['shopId', 'agentId'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    agentId: p.integer(),
    types: p.json<Partial<Record<NotificationType, TypeSetting>>>(),
    mutedSessionIds: p.json<number[]>(),
    quietHours: p.json<QuietHours>().nullable(),
    /** Where phone deliveries go; agents default to their own phone. */
    phone: p.string().length(20).nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type NotificationSettings = InferEntity<typeof NotificationSettings>;
