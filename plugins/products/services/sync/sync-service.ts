import type { ProductsConfig } from '../../config.js';
import { invalidArguments, notFound, sql, type ToolContext, type ServiceDeps } from '../../../../core/index.js';
import type { PlatformType, ProductPage } from '../../../integrations/surface.js';
import { ProductSyncRun } from '../../entities/product-sync-run.entity.js';
import type { SyncMode } from '../../entities/values.js';

export type Transaction = ToolContext['transaction'];

/** A run's next page, asked of the store while the page before it is written. */
export interface PageAhead {
  runId: number;
  cursor: string;
  page: Promise<ProductPage | Error>;
}

/**
 * Catalogue syncs: one running per shop; a run reads the store page by page through the
 * integrations connector and writes each page with its cursor in one transaction, so a run that
 * lost its process resumes where it stopped. A full run that read every page deletes what it did
 * not see; a run that failed on a page deletes nothing and says why.
 */
export class ProductSyncService {
  constructor(private readonly deps: ServiceDeps<ProductsConfig>) {}

  /** A new run, or the one already running (started false). */
  async start(mode: SyncMode, platform?: PlatformType): Promise<{ run: ProductSyncRun; started: boolean }> {
    const { em, shop, ecommerceConnections, config } = this.deps;
    const connection = await ecommerceConnections.require(platform);
    const running = await em.findOne(ProductSyncRun, { shopId: shop.id, status: 'running' });
    if (running) return { run: running, started: false };
    const last = await em.findOne(
      ProductSyncRun,
      { shopId: shop.id, platformType: connection.platformType, status: 'completed' },
      { orderBy: { id: 'desc' } },
    );
    const incremental = mode === 'incremental' && last !== null;
    // Two calls at once: the partial unique index lets one insert; the other finds it running.
    const [inserted] = await sql<{ id: number }>(
      em,
      `insert into product_sync_runs (shop_id, platform_type, mode, status, since, pages, read, created, updated, deleted, started_at)
       values ($1, $2, $3, 'running', $4, 0, 0, 0, 0, 0, now())
       on conflict (shop_id) where status = 'running' do nothing returning id`,
      [
        shop.id,
        connection.platformType,
        incremental ? 'incremental' : 'full',
        incremental ? new Date(last.startedAt.getTime() - config.incrementalOverlapMinutes * 60_000) : null,
      ],
    );
    const run = await em.findOneOrFail(
      ProductSyncRun,
      inserted ? { id: inserted.id } : { shopId: shop.id, status: 'running' },
    );
    return { run, started: inserted !== undefined };
  }

  async find(runId?: number): Promise<ProductSyncRun> {
    const run = await this.deps.em.findOne(
      ProductSyncRun,
      { shopId: this.deps.shop.id, ...(runId !== undefined && { id: runId }) },
      { orderBy: { id: 'desc' } },
    );
    if (!run)
      throw runId === undefined
        ? invalidArguments('The shop has no sync run yet: start one with sync_products.')
        : notFound('sync_run', runId);
    return run;
  }

  /**
   * Writes the run's next page (read ahead by the step before, when its cursor is still the run's)
   * and asks the store for the one after it meanwhile: the store's answer and the write overlap.
   * done is true when the run is over (completed, failed, or not running).
   */
  async step(
    runId: number,
    transaction: Transaction,
    ahead?: PageAhead,
  ): Promise<{ done: boolean; ahead?: PageAhead }> {
    const { em, ecommerceConnections, config } = this.deps;
    const run = await em.findOne(ProductSyncRun, { id: runId }, { refresh: true });
    if (!run || run.status !== 'running') return { done: true };
    const connection = await ecommerceConnections.find(run.platformType);
    if (!connection) return { done: await this.fail(runId, 'the storefront connection was removed', transaction) };
    const connector = ecommerceConnections.connector(connection);
    const since = run.since ?? null;
    const read = (cursor: string | null) =>
      connector
        .listProducts({ cursor, since, pageSize: config.pageSize })
        .catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    const page = await (ahead?.runId === runId && ahead.cursor === run.cursor ? ahead.page : read(run.cursor ?? null));
    if (page instanceof Error)
      return { done: await this.fail(runId, `page ${run.pages + 1}: ${page.message}`, transaction) };
    const next = page.next === null ? undefined : { runId, cursor: page.next, page: read(page.next) };
    const done = await this.write(runId, page, connection.currency ?? null, transaction);
    return { done, ahead: done ? undefined : next };
  }

  private async write(
    runId: number,
    page: ProductPage,
    currency: string | null,
    transaction: Transaction,
  ): Promise<boolean> {
    return transaction(async ({ services, em: tem }) => {
      const current = await tem.findOneOrFail(ProductSyncRun, { id: runId });
      if (current.status !== 'running') return true;
      const written = await services.productCatalogStore.upsertPage(
        current.platformType,
        current.id,
        currency,
        page.products,
      );
      current.pages += 1;
      current.read += page.products.length;
      current.created += written.created;
      current.updated += written.updated;
      current.cursor = page.next;
      current.heartbeatAt = new Date();
      if (page.next === null) {
        if (current.mode === 'full')
          current.deleted = await services.productCatalogStore.deleteUnseen(current.platformType, current.id);
        current.status = 'completed';
        current.finishedAt = new Date();
        await tem.flush();
        await services.events.emit('products.synced', {
          sync_run_id: current.id,
          platform_type: current.platformType,
          mode: current.mode,
          created: current.created,
          updated: current.updated,
          deleted: current.deleted,
        });
        return true;
      }
      await tem.flush();
      return false;
    });
  }

  private async fail(runId: number, error: string, transaction: Transaction): Promise<true> {
    await transaction(async ({ em }) => {
      const run = await em.findOneOrFail(ProductSyncRun, { id: runId });
      run.status = 'failed';
      run.error = error;
      run.finishedAt = new Date();
      await em.flush();
    });
    return true;
  }
}
