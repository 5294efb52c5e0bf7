import { defineJob } from '../define.js';
import { ProductSyncRun } from '../entities/product-sync-run.entity.js';

/**
 * Every minute: runs that no process is working on — started by a listener, or whose process
 * died (heartbeat older than staleRunSeconds) — are taken up from their cursor.
 */
export const resumeProductSyncs = defineJob({
  name: 'resume-product-syncs',
  schedule: '*/1 * * * *',
  scope: 'system',
  transactional: false,
  description:
    'Takes up catalogue syncs nobody is running: new ones from the change feed, and those whose process died.',
  run: async ({ em, config, services }) => {
    const stale = new Date(Date.now() - config.staleRunSeconds * 1000);
    const runs = await em.find(
      ProductSyncRun,
      { status: 'running', $or: [{ heartbeatAt: null }, { heartbeatAt: { $lt: stale } }] },
      { filters: { tenant: false }, fields: ['id', 'shopId'], limit: 100 },
    );
    await Promise.all(runs.map((run) => services.productSyncWorker.kick(run.shopId, run.id)));
  },
});
