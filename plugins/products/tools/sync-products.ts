import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { syncRunPayload } from '../services/payloads.js';
import { PlatformArg, SyncRunOutput } from './outputs.js';

export const syncProducts = defineTool({
  name: 'sync_products',
  title: 'Sync the catalogue',
  description:
    "Reads the storefront's catalogue into the product list in the background: incremental (changes since the last sync) or full (also marks vanished products deleted). One sync per shop at a time. Follow it with get_product_sync_status.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  transactional: false,
  input: Type.Object({
    mode: Type.Optional(Type.Union([Type.Literal('incremental'), Type.Literal('full')], { default: 'incremental' })),
    platform_type: PlatformArg,
  }),
  output: Type.Object({ sync_run: SyncRunOutput, started: Type.Boolean() }),
  handler: async ({ mode, platform_type }, ctx) => {
    const { run, started } = await ctx.transaction(({ services }) =>
      services.productSync.start(mode ?? 'incremental', platform_type),
    );
    void ctx.services.productSyncWorker.kick(ctx.shop.id, run.id);
    return { sync_run: syncRunPayload(run), started };
  },
});
