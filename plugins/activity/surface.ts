/** The activity group as other groups see it: its services. Types only. */
import type { ActivityLogService } from './services/activity-log-service.js';

export type { ActivityLogService };

declare module '../../core/index.js' {
  interface GroupServices {
    activityLogService: ActivityLogService;
  }
}
