import type { JobDefinition } from '../plugin/plugin-types.js';
import type { RetentionSweep } from '../retention/retention-sweep.js';
import { expireConfirmations, type ExpiryParts } from '../confirmation/expire-confirmations.js';
import { refreshStatistics } from '../db/embedded-statistics.js';

/** The kernel's own jobs, leased like the groups' (one process runs each tick). */
export function kernelJobs(expiry: ExpiryParts, retention: RetentionSweep, embedded: boolean): JobDefinition[] {
  return [
    ...(embedded
      ? [
          {
            name: 'embedded-statistics',
            schedule: '* * * * *',
            scope: 'system' as const,
            transactional: false,
            description: 'Vacuums and analyses the embedded database’s tables that grew (it runs no autovacuum)',
            run: async () => {
              const connection = expiry.orm.em.getConnection();
              await refreshStatistics((sql) => connection.execute(sql));
            },
          },
        ]
      : []),
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
