import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { syncRunPayload } from '../services/payloads.js';
import { SyncRunOutput } from './outputs.js';

export const getProductSyncStatus = defineTool({
  name: 'get_product_sync_status',
  title: 'Get catalogue sync status',
  description:
    'A catalogue sync (default the latest): state, error (a failed run deletes nothing), pages and products read, created, updated and deleted, duration.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ sync_run_id: Type.Optional(Type.Integer({ minimum: 1 })) }),
  output: Type.Object({ sync_run: SyncRunOutput }),
  handler: async ({ sync_run_id }, { services }) => ({
    sync_run: syncRunPayload(await services.productSync.find(sync_run_id)),
  }),
});
