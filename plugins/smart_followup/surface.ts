/** The smart_followup group as other groups see it: its services. Types only. */
import type { FollowupActivityReader } from './services/activity-reader.js';
import type { FollowupsService } from './services/followups-service.js';
import type { FollowupPlannerService } from './services/planner-service.js';
import type { FollowupSenderService } from './services/sender-service.js';
import type { FollowupSettingsService } from './services/settings-service.js';
import type { FollowupStatsService } from './services/stats-service.js';

export type { FollowupsService };

declare module '../../core/index.js' {
  interface GroupServices {
    followupActivityReader: FollowupActivityReader;
    followupsService: FollowupsService;
    followupPlannerService: FollowupPlannerService;
    followupSenderService: FollowupSenderService;
    followupSettingsService: FollowupSettingsService;
    followupStatsService: FollowupStatsService;
  }
}
