import { defineJob } from '../define.js';

/** Each shop's closed days into the daily rollups (messages, writers, credits) (and the last few again, for late receipts). */
export const rollUpStats = defineJob({
  name: 'roll-up-stats',
  schedule: '*/10 * * * *',
  scope: 'shop',
  description:
    'Sums each shop’s closed days of messages, writers and credits into the rollups the dashboard overview reads.',
  run: async ({ services }) => {
    await services.statsRollupService.roll();
  },
});
