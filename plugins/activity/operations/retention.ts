import type { RetentionRule } from '../../../core/index.js';
import type { ActivityConfig } from '../config.js';

/** Lines older than the shop's retention (configure_activity_log), else the installation default. */
export const activityRetention: RetentionRule<ActivityConfig>[] = [
  {
    table: 'activity_entries',
    column: 'at',
    days: (config) => config.defaultRetentionDays,
    shopDays: { table: 'activity_settings', column: 'retention_days' },
  },
];
