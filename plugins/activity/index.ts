import { definePlugin } from '../../core/index.js';
import { ActivityConfig } from './config.js';
import { ActivityEntry } from './entities/activity-entry.entity.js';
import { ActivitySettings } from './entities/activity-settings.entity.js';
import { ActivityInit } from './migrations/0001-init.js';
import { ActivityTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { ActivityLogService } from './services/activity-log-service.js';
import { activityAuditSink } from './services/audit-sink.js';
import { listActivity } from './tools/list-activity.js';
import { getActivityEntry } from './tools/get-activity-entry.js';
import { getResourceHistory } from './tools/get-resource-history.js';
import { exportActivityCsv } from './tools/export-activity-csv.js';
import { configureActivityLog } from './tools/configure-activity-log.js';
import { activityRetention } from './operations/retention.js';
import { activityErrors } from './errors.js';

/**
 * activity: the shop's audit log. The kernel's audit hook hands it every mutation call of every
 * group (success or failure) and every confirmation event, with the actor, the named token, the
 * record touched and the arguments with secrets redacted; the tools read, trace and export it.
 */
export default definePlugin({
  name: 'activity',
  version: '1.0.0',
  description:
    'The audit log: every change made through the tools and every confirmation event — who, what record, arguments (secrets redacted), outcome; history of a record, CSV export, retention.',
  kernel: '^1.0.0',
  configSchema: ActivityConfig,
  entities: [ActivityEntry, ActivitySettings],
  migrations: [
    { name: '0001-init', class: ActivityInit },
    { name: '0002-tenant-indexes-covered', class: ActivityTenantIndexesCovered },
  ],
  services: { activityLogService: ActivityLogService },
  errors: activityErrors,
  audit: activityAuditSink,
  tools: [listActivity, getActivityEntry, getResourceHistory, exportActivityCsv, configureActivityLog],
  retention: activityRetention,
});
