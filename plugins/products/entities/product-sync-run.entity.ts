import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { PLATFORM_TYPES } from '../../integrations/surface.js';
import { SYNC_MODES, SYNC_STATUSES } from './values.js';

/**
 * One catalogue sync. `cursor` is the next page to read, saved with each page written, so a run
 * whose process died resumes where it stopped (`heartbeatAt` tells a live run from a dead one).
 * `since` is an incremental run's lower bound. One run per shop runs at a time.
 */
export const ProductSyncRun = defineEntity({
  name: 'ProductSyncRun',
  tableName: 'product_sync_runs',
  indexes: [
    {
      name: 'product_sync_runs_one_running_index',
      expression: `create unique index "product_sync_runs_one_running_index" on "product_sync_runs" ("shop_id") where "status" = 'running'`,
    },
  ],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    platformType: p.enum([...PLATFORM_TYPES]),
    mode: p.enum([...SYNC_MODES]),
    status: p.enum([...SYNC_STATUSES]),
    since: p.datetime().nullable(),
    cursor: p.text().nullable(),
    pages: p.integer().default(0),
    read: p.integer().default(0),
    created: p.integer().default(0),
    updated: p.integer().default(0),
    deleted: p.integer().default(0),
    error: p.text().nullable(),
    startedAt: p.datetime(),
    heartbeatAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
});
export type ProductSyncRun = InferEntity<typeof ProductSyncRun>;
