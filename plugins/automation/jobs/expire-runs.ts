import { defineJob } from '../define.js';
import { LIMITS } from '../services/definition/definition.js';

/** Runs still waiting 30 days after they started end as expired (a question never answered, a workflow left paused). */
export const expireRuns = defineJob({
  name: 'expire-runs',
  schedule: '17 */10 * * * *',
  scope: 'system',
  description: 'Ends runs that have waited longer than 30 days as expired.',
  run: async ({ em }) => {
    await em.getConnection().execute(
      `update automation_runs set status = 'expired', reason = 'waited more than ${LIMITS.runExpiryDays} days', finished_at = now(),
         wake_at = null, waiting_for = null, updated_at = now()
       where status = 'waiting' and created_at < now() - interval '${LIMITS.runExpiryDays} days'`,
    );
  },
});
