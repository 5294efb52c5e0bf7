import { defineJob } from '../define.js';

const BATCH = 5_000;
const MAX_BATCHES = 100;

/** Deletes each shop's lines past its retention, oldest first, in bounded batches. */
export const purgeOldEntries = defineJob({
  name: 'purge-old-entries',
  schedule: '41 3 * * *',
  scope: 'shop',
  description: 'Deletes audit-log lines older than the shop’s retention.',
  run: async ({ em, shop, services }) => {
    const days = (await services.activityLogService.settings()).retention_days;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const deleted = await em.getConnection().execute<{ affectedRows: number }>(
        `delete from "activity_entries" where "id" in (
           select "id" from "activity_entries" where "shop_id" = ? and "at" < now() - ? * interval '1 day' order by "id" limit ?)`,
        [shop!.id, days, BATCH],
        'run',
        em.getTransactionContext(),
      );
      if (deleted.affectedRows < BATCH) return;
    }
  },
});
