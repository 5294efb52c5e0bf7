import type { JobDefinition } from '../plugin/plugin-types.js';
import type { RetentionSweep } from '../retention/retention-sweep.js';
import { expireConfirmations, type ExpiryParts } from '../confirmation/expire-confirmations.js';
import { refreshStatistics } from '../db/embedded-statistics.js';

/** What autovacuum does on PostgreSQL, for the embedded engine, which runs none. */
const embeddedStatistics: JobDefinition = {
  name: 'embedded-statistics',
  // Every 10 s: a burst fills a table in seconds, and until its statistics follow, the planner
  // costs lookups as on an empty table (a seq scan per receipt instead of the unique index).
  schedule: '*/10 * * * * *',
  scope: 'system',
  transactional: false,
  description: 'Vacuums and analyses the embedded database’s tables that grew (it runs no autovacuum)',
  run: async ({ em }) => {
    await refreshStatistics((sql) => em.getConnection().execute(sql));
  },
};

/** The kernel's own jobs, leased like the groups' (one process runs each tick). */
export function kernelJobs(expiry: ExpiryParts, retention: RetentionSweep, embedded: boolean): JobDefinition[] {
  return [
    ...(embedded ? [embeddedStatistics] : []),
    {
      name: 'expire-confirmations',
      schedule: '* * * * *',
      scope: 'system',
      description: 'Marks confirmations that lapsed unused as expired',
      run: async () => {
        await expireConfirmations(expiry);
      },
    },
    {
      name: 'retention',
      // Off the hour, when reports and other hourly work run.
      schedule: '17 * * * *',
      scope: 'system',
      description: 'Deletes rows of the growing tables past their retention, in bounded batches',
      run: async () => {
        await retention.run();
      },
    },
  ];
}
